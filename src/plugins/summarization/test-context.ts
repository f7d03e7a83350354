import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import {
	type Attempt,
	BadInputError,
	type Completion,
	type CompletionRequest,
	type InputIssue,
	type JsonObject,
	type JuryPanel,
	type ModelEntry,
	type PluginContext,
	UNKNOWN_TELEMETRY,
} from "../../contract/index.js";

/* Helpers for the jury plugins' tests: a benchmarks folder on disk, and a panel of fake jurors. */

/**
 * Writes a benchmarks folder whose use_cases.yaml has one use case `demo` of `plugin` (with the
 * given `grading:` block text) and the given case files under `packs/demo/`; returns its context.
 */
export function juryBenchmarksWith(
	plugin: string,
	files: Record<string, string>,
	gradingYaml = "",
	jury: JuryPanel | null = null,
): PluginContext {
	const dir = mkdtempSync(join(tmpdir(), `touchstone-${plugin}-`));
	const grading =
		gradingYaml === ""
			? ""
			: `    grading:\n${gradingYaml
					.split("\n")
					.map((line) => (line === "" ? line : `      ${line}`))
					.join("\n")}`;
	const useCases = `use_cases:\n  - id: other\n    status: idea\n  - id: demo\n    status: runnable\n    plugin: ${plugin}\n${grading}`;
	writeFileSync(join(dir, "use_cases.yaml"), useCases);
	const entry = (parse(useCases) as { use_cases: { grading?: JsonObject }[] }).use_cases[1];
	mkdirSync(join(dir, "packs", "demo"), { recursive: true });
	for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, "packs", "demo", name), text);
	return {
		use_case_id: "demo",
		benchmarks_dir: dir,
		case_files: Object.keys(files)
			.sort()
			.map((name) => join(dir, "packs", "demo", name)),
		tasks_dir: null,
		tasks: null,
		grading: entry?.grading ?? {},
		prompt_template: null,
		rubric: null,
		jury,
	};
}

/** The issues of the BadInputError `run` throws (sync or async). */
export async function issuesOf(run: () => unknown): Promise<readonly InputIssue[]> {
	try {
		await run();
	} catch (error) {
		if (error instanceof BadInputError) return error.issues;
		throw error;
	}
	throw new Error("expected a BadInputError");
}

/** A panel of fake jurors, each answering every request with its reply; requests are recorded. */
export function fakePanel(replies: Record<string, string>, quorum = Object.keys(replies).length) {
	const requests: { juror: string; request: CompletionRequest }[] = [];
	const panel: JuryPanel = {
		id: "test",
		version: "jury@test",
		quorum,
		jurors: Object.entries(replies).map(([id, reply]) => ({
			// Only what the jury grader reads of an entry: its id, its options for its key part, its
			// price for the votes' cost and its tags for its family.
			model: {
				id,
				options: {},
				price: null,
				tags: { family: null, weights: null, tier: null },
			} as unknown as ModelEntry,
			provider: {
				specificationVersion: "v1",
				id: `fake:${id}`,
				endpoint: null,
				async complete(request: CompletionRequest): Promise<Completion> {
					requests.push({ juror: id, request });
					return {
						text: reply,
						tool_calls: [],
						finish_reason: "stop",
						usage: { input_tokens: null, output_tokens: null, cache_tokens: null },
						billed_cost_usd: null,
						timing: { latency_ms: 1, ttft_ms: null, generation_ms: null },
						retries: 0,
						raw: null,
					};
				},
			},
		})),
	};
	return { panel, requests };
}

/** A completed attempt with this output. */
export function attemptWith(final: string | null): Attempt {
	return {
		final,
		trace: [],
		telemetry: UNKNOWN_TELEMETRY,
		status: "completed",
		error: null,
		runner_provenance: { runner: "single-shot", runner_version: "1", details: { model: "vendor/candidate" } },
		diff: null,
		raw: null,
	};
}
