import {
	type Attempt,
	type Case,
	defineCase,
	type Grader,
	type JuryPanel,
	type ModelEntry,
	type Score,
	UNKNOWN_TELEMETRY,
} from "../contract/index.js";

/* Helpers for this layer's tests: an attempt with a given output, and a one-score grade. */

/** A completed single-shot attempt with this final output, unless overridden. */
export function attempt(final: string | null, overrides: Partial<Attempt> = {}): Attempt {
	return {
		final,
		trace: [],
		telemetry: UNKNOWN_TELEMETRY,
		status: "completed",
		error: null,
		runner_provenance: { runner: "test", runner_version: "1", details: {} },
		diff: null,
		raw: null,
		...overrides,
	};
}

/** Grades one output and returns the grader's only score. */
export async function gradeOne(grader: Grader, final: string | null, overrides: Partial<Attempt> = {}): Promise<Score> {
	const scores = await grader.grade(
		{ case: TEST_CASE, attempt: attempt(final, overrides) },
		{ signal: new AbortController().signal },
	);
	if (scores.length !== 1) throw new Error(`expected one score, got ${scores.length}`);
	return scores[0] as Score;
}

/** A case for graders that read nothing from it. */
export const TEST_CASE: Case = defineCase({
	id: "case",
	version: "1",
	use_case_id: "test",
	kind: "floor",
	input: { prompt: "?" },
	reference: null,
	threshold: 1,
	metadata: {},
});

/** A panel of these registry ids whose jurors must never be called: their providers refuse. */
export function uncalledPanel(models: readonly string[], quorum = 1): JuryPanel {
	const jurors = models.map((model) => ({
		model: { id: model, provider: "openai-compatible", model, options: {} } as unknown as ModelEntry,
		provider: {
			specificationVersion: "v1" as const,
			id: `uncalled:${model}`,
			endpoint: null,
			complete: () => Promise.reject(new Error(`juror ${model} was called`)),
		},
	}));
	return { id: "p", version: "p@1", quorum, jurors };
}
