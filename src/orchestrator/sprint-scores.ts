import {
	type JsonObject,
	type Score,
	SPRINT_LAYERS,
	type SprintLayer,
	type SprintLayerResult,
	type SprintOutcome,
} from "../contract/index.js";
import { SPRINT_GRADER_ID, SPRINT_GRADER_VERSION, SPRINT_HEADLINE } from "./sprint-spec.js";

/** The metric a layer's score is stored under: `sprint_<layer>` (`sprint_gates`, `sprint_corpus`, …). */
export function sprintLayerMetric(layer: SprintLayer): string {
	return `sprint_${layer}`;
}

/** A sprint run's scores, and why it has no headline when it has none. */
export interface SprintScores {
	readonly scores: readonly Score[];
	/** Set when the run was graded but no layer gave a score to fold: the row counts as a grader error. */
	readonly grader_error: string | null;
}

/**
 * The scores of one sprint run. A harness error has none (it is no result of the model). A
 * passed run has its headline `sprint_score`, the folded code score; a failed run (`fail@Mnn`)
 * scores 0 with `value_label` `fail@Mnn`: a failed sprint is a graded failure, like a failed
 * test, whatever its partial work was worth. Beside the headline, one score per measured layer:
 *
 * - `sprint_gates`: boolean, 1 when every gate held;
 * - `sprint_corpus`, `sprint_mutations`, `sprint_process`, `sprint_cost`: absolute 0..1, the
 *   layer's own score (a layer measured without a score, such as cost, keeps its figures in the
 *   run's provenance only);
 * - `sprint_review`: absolute 0..1, the reviewers' mean grade on the shared 1–5 rubric mapped
 *   to 0..1 as the layer gives it ((mean − 1) / 4), so every layer reads on one scale; the mean
 *   grade itself is the value label when the layer's figures carry `mean_grade`.
 *
 * Each layer score's extras hold the layer, its version and its figures. A layer not measured
 * has no score (shown as `-`, never 0); its reason is in the run's provenance.
 */
export function sprintScores(
	outcome: SprintOutcome,
	codeScore: number | null,
	layers: Readonly<Partial<Record<SprintLayer, SprintLayerResult>>>,
): SprintScores {
	if (outcome === "harness_error") return { scores: [], grader_error: null };
	const layerScores = SPRINT_LAYERS.flatMap((layer) => {
		const result = layers[layer];
		return result === undefined ? [] : layerScore(result);
	});
	const measured = Object.fromEntries(
		SPRINT_LAYERS.flatMap((layer) => {
			const score = layers[layer]?.measured === true ? layers[layer]?.score : null;
			return score === null || score === undefined ? [] : [[layer, score]];
		}),
	);
	if (outcome === "passed" && codeScore === null)
		return {
			scores: layerScores,
			grader_error: `no scoring layer gave a score to fold, so the run has no ${SPRINT_HEADLINE}; see each layer's reason in the run's provenance`,
		};
	const headline: Score = {
		...blankScore(`${SPRINT_GRADER_ID}@${SPRINT_GRADER_VERSION}`),
		metric: SPRINT_HEADLINE,
		score_type: "absolute",
		value: outcome === "passed" ? (codeScore as number) : 0,
		value_label: outcome,
		// A graded 0..1 score, not a pass/fail: the leaderboard's graded mean reads it as such.
		extras: { graded_score: true, outcome, layer_scores: measured },
	};
	return { scores: [headline, ...layerScores], grader_error: null };
}

function layerScore(result: SprintLayerResult): Score[] {
	if (!result.measured) return [];
	const extras: JsonObject = { layer: result.layer, version: result.version, figures: result.figures };
	const base = { ...blankScore(`sprint-${result.layer}@${result.version}`), metric: sprintLayerMetric(result.layer) };
	if (result.layer === "gates") {
		const held = result.passed ?? (result.score === null ? null : result.score >= 1);
		if (held === null) return [];
		return [{ ...base, score_type: "boolean", value: held ? 1 : 0, value_label: held ? "held" : "broken", extras }];
	}
	if (result.score === null) return [];
	const meanGrade = result.figures.mean_grade;
	const label = result.layer === "review" && typeof meanGrade === "number" ? `${meanGrade.toFixed(2)}/5` : null;
	return [{ ...base, score_type: "absolute", value: result.score, value_label: label, extras }];
}

function blankScore(graderVersion: string): Omit<Score, "metric" | "score_type" | "value" | "value_label" | "extras"> {
	return {
		jury_votes: null,
		inter_judge_disagreement: null,
		confidence: null,
		critical_failure: false,
		gate_meta: null,
		reasoning: null,
		grader_version: graderVersion,
		judge_panel_version: null,
	};
}
