import type { JsonObject, SprintLayer, SprintLayerResult, SprintRowInput } from "../../contract/index.js";

/* Rows and layer results for the tests of the fold and the artifacts. */

/** A measured layer result. */
export function measured(layer: SprintLayer, score: number | null, figures: JsonObject = {}): SprintLayerResult {
	return { layer, measured: true, score, passed: null, reason: null, figures, version: `${layer}@test` };
}

/** The gates layer's result. */
export function gates(passed: boolean): SprintLayerResult {
	return { ...measured("gates", null, { ci: passed }), passed };
}

/** A layer that could not be measured, and why. */
export function unmeasured(layer: SprintLayer, reason: string): SprintLayerResult {
	return { layer, measured: false, score: null, passed: null, reason, figures: {}, version: `${layer}@test` };
}

/** A passed run with every layer measured; `overrides` replace any field. */
export function sprintRow(overrides: Partial<SprintRowInput> = {}): SprintRowInput {
	return {
		sprint: "example",
		sprint_version: "sprint@abc123",
		model: "scripted/strong",
		orchestration: "direct",
		branch: "bench/scripted-strong",
		workspace: ".touchstone/sprints/example-scripted-strong-direct",
		outcome: "passed",
		footprint: {
			diff: { added: 120, removed: 14, files: 5 },
			input_tokens: 45_200,
			output_tokens: 3_100,
			cost_usd: 0.0123,
			cost_unknown_calls: 0,
			wall_clock_s: 723,
			calls: 17,
		},
		layers: {
			gates: gates(true),
			corpus: measured("corpus", 0.9),
			mutations: measured("mutations", 0.8, { killed: 4, applied: 5 }),
			process: measured("process", 1),
			cost: measured("cost", null, { known_cost_usd: 0.0123 }),
			review: measured("review", 0.845, {
				mean_grade: 4.38,
				reviewers: [
					{ reviewer: "review/acme", family: "acme", grade: 4, rationale: "Clean.", error: null },
					{ reviewer: "review/beta", family: "beta", grade: null, rationale: null, error: "unusable reply: not JSON" },
				],
			}),
		},
		started_at: "2025-03-04T10:00:00.000Z",
		finished_at: "2025-03-04T10:12:03.000Z",
		log: "run.ndjson",
		provenance: { touchstone: "0.0.0-test" },
		...overrides,
	};
}
