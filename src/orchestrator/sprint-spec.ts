import {
	type Case,
	canonicalJson,
	contentHash,
	defineCase,
	type JsonObject,
	ORCHESTRATION_MODES,
	type OrchestrationMode,
	SPRINT_PLUGIN_ID,
	type SpecDocument,
	type SpecHarness,
	type SprintDefinition,
	sha256,
	sprintHarnessId,
	sprintUseCaseId,
} from "../contract/index.js";
import type { Definitions } from "../definitions/index.js";
import { caseKeyPart, type GraderIdentity, harnessKeyPart, modelKeyPart } from "./key-parts.js";
import type { BuiltSpec } from "./spec-builder.js";

/** The headline metric of every sprint use case: the layers folded into one 0..1 score. */
export const SPRINT_HEADLINE = "sprint_score";

/** Good-enough band of a sprint use case: within five points of the best sprint score. */
export const SPRINT_BAND = 0.05;

/** The sprint score at or above which a run passes, when the sprint's `thresholds.pass` does not say. */
export const DEFAULT_SPRINT_PASS = 0.7;

/** Version of the sprint harnesses (the driver's contract with the rows); bumping it changes every sprint cell key. */
export const SPRINT_HARNESS_VERSION = "1";

/** The grader a sprint spec names: the scoring layers as a whole (each layer's own version is kept on its score). */
export const SPRINT_GRADER_ID = "sprint-layers";
export const SPRINT_GRADER_VERSION = "1";

/** What grades a sprint's one case: the layers' weights, parts, thresholds and reviewer panel. */
export function sprintGrader(sprint: SprintDefinition): GraderIdentity {
	return {
		id: SPRINT_GRADER_ID,
		version: SPRINT_GRADER_VERSION,
		config: {
			weights: { ...sprint.scoring.weights },
			corpus: { ...sprint.scoring.corpus },
			thresholds: { ...sprint.scoring.thresholds },
			reviewers: sprint.reviewers,
		},
	};
}

/**
 * The one case of a sprint's use case: the sprint itself, at its version (see sprintVersion), so
 * a changed etalon, guide or mutation set changes the case's key part and stales the old rows. A
 * `ceiling` case (a whole plan separates the best; there is no limited depth of a sprint). Its
 * input is what the worker is handed; it passes at `thresholds.pass` (default 0.7).
 */
export function sprintCase(sprint: SprintDefinition, version: string): Case {
	return defineCase({
		id: sprint.id,
		version,
		use_case_id: sprintUseCaseId(sprint.id),
		kind: "ceiling",
		input: {
			sprint: sprint.id,
			source: { repo: sprint.source.repo, baseline: sprint.source.baseline },
			plan: sprint.plan_path,
			milestones:
				sprint.milestones?.map((milestone) => ({ id: milestone.id, title: milestone.title, body: milestone.body })) ??
				null,
			scope: [...sprint.scope],
		},
		reference: null,
		threshold: sprint.scoring.thresholds.pass ?? DEFAULT_SPRINT_PASS,
		metadata: { title: sprint.title },
	});
}

/** The harness of one orchestration mode: `sprint-<mode>`, its budget and attempt limit in its key part. */
export function sprintHarness(sprint: SprintDefinition, mode: OrchestrationMode): SpecHarness {
	const config: JsonObject = {
		orchestration: mode,
		attempts: sprint.attempts,
		budget: { ...sprint.budget },
	};
	const id = sprintHarnessId(mode);
	return { id, key_part: harnessKeyPart({ id, version: SPRINT_HARNESS_VERSION }, config), config };
}

/**
 * Freezes sprint `sprint` at `version` into the spec of its use case `sprint-<id>`: plugin
 * `sprint`, headline `sprint_score`, one sample, the `sprint-layers` grader, `sprint-direct` as
 * the harness and all three orchestration modes in `harnesses` (each row current under its own
 * mode's key part), and the key part of every registry model, as buildSpec does, so a run of one
 * model never makes another's rows look stale. No deployed incumbent, no judge panel (the review
 * layer's panel is in the grader's config).
 */
export function sprintSpec(
	definitions: Pick<Definitions, "models">,
	sprint: SprintDefinition,
	version: string,
): BuiltSpec {
	const testCase = sprintCase(sprint, version);
	const grader = sprintGrader(sprint);
	const inputJson = canonicalJson(testCase.input);
	const harnesses = ORCHESTRATION_MODES.map((mode) => sprintHarness(sprint, mode));
	const useCaseId = sprintUseCaseId(sprint.id);
	const document: SpecDocument = {
		spec_format: 1,
		use_case_id: useCaseId,
		plugin: SPRINT_PLUGIN_ID,
		headline: SPRINT_HEADLINE,
		band: SPRINT_BAND,
		samples: 1,
		deployed: null,
		judge_panel: null,
		grader: { id: grader.id, version: grader.version, config: grader.config },
		harness: sprintHarness(sprint, "direct"),
		harnesses,
		cases: [
			{
				id: testCase.id,
				input_hash: sha256(inputJson),
				key_part: caseKeyPart(testCase, grader),
				kind: testCase.kind,
				threshold: testCase.threshold,
				version: testCase.version,
			},
		],
		models: Object.fromEntries(definitions.models.map((model) => [model.id, modelKeyPart(model)])),
	};
	const spec_hash = contentHash(document);
	return {
		document,
		spec_hash,
		benchmark_version: `${useCaseId}@${spec_hash.slice(0, 12)}`,
		methodology: describeSprint(sprint, version, testCase.threshold),
	};
}

function describeSprint(sprint: SprintDefinition, version: string, threshold: number): string {
	const weights = Object.entries(sprint.scoring.weights)
		.filter(([, weight]) => (weight ?? 0) > 0)
		.map(([layer, weight]) => `${layer} ${weight}`)
		.join(", ");
	return [
		`Sprint ${sprint.id}${sprint.title === null ? "" : ` (${sprint.title})`}, version ${version}: one multi-milestone plan carried through ${sprint.source.repo} from baseline ${sprint.source.baseline}, at most ${sprint.attempts} failed attempts per milestone.`,
		`Each orchestration mode is a harness (${ORCHESTRATION_MODES.map(sprintHarnessId).join(", ")}).`,
		`Headline metric: ${SPRINT_HEADLINE}, the scoring layers folded by weight (${weights}); a run that fails a milestone (fail@Mnn) scores 0, a harness error is left out. A run passes at ${threshold}.`,
		`Good enough means within ${SPRINT_BAND} of the best headline.`,
	].join(" ");
}
