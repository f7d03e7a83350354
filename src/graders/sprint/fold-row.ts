import {
	SPRINT_LAYERS,
	type SprintDefinition,
	type SprintLayer,
	type SprintLayerResult,
	type SprintOutcome,
	type SprintRowInput,
} from "../../contract/index.js";

/** Version of the fold (which layers weigh in, how); kept with every row it folds. */
export const SPRINT_FOLD_VERSION = "sprint-fold@1";

/** The layers whose scores weigh into the code score; review only when the sprint gives it a weight. */
export const CODE_SCORE_LAYERS = ["corpus", "mutations", "process", "review"] as const satisfies readonly SprintLayer[];

/** One layer's part in the code score. */
export interface FoldedPart {
	readonly layer: (typeof CODE_SCORE_LAYERS)[number];
	/** Its weight as the sprint gives it (0 when it gives none); before renormalisation. */
	readonly weight: number;
	/** Its score in 0..1; null when it has none (not measured, not scored, or the run failed). */
	readonly score: number | null;
	/** Whether it entered the code score (measured, scored, weight above 0, the run passed). */
	readonly used: boolean;
}

/** A run's layers folded into its row. Scores are 0..1 inside; shown 0–100 with one decimal. */
export interface FoldedSprintRow {
	/** Weighted mean of the used parts, weights renormalised over them; null when none is used or the run failed. */
	readonly code_score: number | null;
	/** The outcome is `passed` and every gate held (a gate, not a weight). */
	readonly passed: boolean;
	/** The reviewers' mean grade, 1..5; null when the review was not measured. */
	readonly review_grade: number | null;
	readonly parts: readonly FoldedPart[];
	/** Every layer the row shows as `-`, with why; never a zero in its place. */
	readonly missing: readonly { readonly layer: SprintLayer; readonly reason: string }[];
}

/**
 * Folds a run's layer results into its row (seed 002's `report`). The code score is the weighted
 * mean of the measured, scored layers among corpus, mutations and process (and review, only when
 * its weight is above 0), the weights renormalised over the layers that were measured, so a layer
 * that could not be measured is left out rather than counted as a zero. Gates is a gate: `passed`
 * needs the outcome `passed` and the gates layer's `passed`. A failed run (`fail@Mnn`,
 * `harness_error`) is not scored on its partial work: its code score and review grade are null,
 * and its row is its outcome and footprint.
 */
export function foldSprintRow(
	row: { readonly outcome: SprintOutcome; readonly layers: SprintRowInput["layers"] },
	weights: SprintDefinition["scoring"]["weights"],
): FoldedSprintRow {
	const ran = row.outcome === "passed";
	const missing: { layer: SprintLayer; reason: string }[] = [];
	for (const layer of SPRINT_LAYERS) {
		const result = row.layers[layer];
		const reason = missingReason(layer, result, row.outcome);
		if (reason !== null) missing.push({ layer, reason });
	}
	const parts = CODE_SCORE_LAYERS.filter((layer) => layer !== "review" || (weights.review ?? 0) > 0).map(
		(layer): FoldedPart => {
			const result = row.layers[layer];
			const weight = weights[layer] ?? 0;
			const score = ran && result?.measured === true ? result.score : null;
			return { layer, weight, score, used: score !== null && weight > 0 };
		},
	);
	const used = parts.filter((part) => part.used);
	const total = used.reduce((sum, part) => sum + part.weight, 0);
	const review = row.layers.review;
	return {
		code_score: ran && total > 0 ? used.reduce((sum, part) => sum + part.weight * (part.score ?? 0), 0) / total : null,
		passed: ran && row.layers.gates?.measured === true && row.layers.gates.passed === true,
		review_grade: ran && review?.measured === true ? meanGrade(review) : null,
		parts,
		missing,
	};
}

/** Why a layer's cell is `-`, or null when it shows a figure. */
function missingReason(
	layer: SprintLayer,
	result: SprintLayerResult | undefined,
	outcome: SprintOutcome,
): string | null {
	// The cost cell is the footprint's, which every run has; it is `-` only when the layer says why.
	if (layer === "cost") return result !== undefined && !result.measured ? (result.reason ?? "not measured") : null;
	if (outcome !== "passed")
		return `the run ended ${outcomeWords(outcome)}: a failed run is not scored on its partial work`;
	if (result === undefined) return "the layer was not run";
	if (!result.measured) return result.reason ?? "not measured (no reason given)";
	if (layer === "gates") return result.passed === null ? "measured, but gave no verdict" : null;
	return result.score === null ? "measured, but gave no score" : null;
}

/** `fail@M02`, or `in a harness error`. */
export function outcomeWords(outcome: SprintOutcome): string {
	return outcome === "harness_error" ? "in a harness error" : outcome;
}

function meanGrade(review: SprintLayerResult): number | null {
	const mean = review.figures.mean_grade;
	return typeof mean === "number" ? mean : review.score === null ? null : 1 + 4 * review.score;
}

/** A 0..1 score shown 0–100 with one decimal (`91.3`), or `-` when there is none. */
export function displayScore(score: number | null): string {
	return score === null ? "-" : (Math.round(score * 1000) / 10).toFixed(1);
}
