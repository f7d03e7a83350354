import { type JsonObject, SPRINT_LAYERS, type SprintLayerResult, type SprintRowInput } from "../../contract/index.js";
import { type FoldedSprintRow, SPRINT_FOLD_VERSION } from "./fold-row.js";

/** Version of the detail JSON's shape (`format` in it). */
export const SPRINT_DETAIL_FORMAT = 1;

/**
 * The machine-shaped detail of one run (`runs/<run-name>.json`): what was run (sprint and version,
 * model, orchestration, branch, workspace, times, log), the outcome, the fold (code score, passed,
 * review grade, every part with its weight and whether it was used), every layer the run has with
 * all its figures, the layers not shown with their reasons, the footprint and the provenance.
 * Null stays null: an unknown figure is never written as 0.
 */
export function detailJson(row: SprintRowInput, folded: FoldedSprintRow): JsonObject {
	const layers: JsonObject = {};
	for (const layer of SPRINT_LAYERS) {
		const result = row.layers[layer];
		if (result !== undefined) layers[layer] = layerJson(result);
	}
	const { footprint } = row;
	return {
		format: SPRINT_DETAIL_FORMAT,
		sprint: row.sprint,
		sprint_version: row.sprint_version,
		model: row.model,
		orchestration: row.orchestration,
		branch: row.branch,
		workspace: row.workspace,
		started_at: row.started_at,
		finished_at: row.finished_at,
		log: row.log,
		outcome: row.outcome,
		fold: {
			version: SPRINT_FOLD_VERSION,
			code_score: folded.code_score,
			passed: folded.passed,
			review_grade: folded.review_grade,
			parts: folded.parts.map((part) => ({ ...part })),
		},
		missing: folded.missing.map((entry) => ({ ...entry })),
		layers,
		footprint: {
			diff: { ...footprint.diff },
			input_tokens: footprint.input_tokens,
			output_tokens: footprint.output_tokens,
			cost_usd: footprint.cost_usd,
			cost_unknown_calls: footprint.cost_unknown_calls,
			wall_clock_s: footprint.wall_clock_s,
			calls: footprint.calls,
		},
		provenance: row.provenance,
	};
}

function layerJson(result: SprintLayerResult): JsonObject {
	return {
		layer: result.layer,
		measured: result.measured,
		score: result.score,
		passed: result.passed,
		reason: result.reason,
		version: result.version,
		figures: result.figures,
	};
}
