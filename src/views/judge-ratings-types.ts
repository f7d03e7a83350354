import type { Interval } from "./statistics/index.js";

/**
 * One model × harness's pairwise-judge rating on a task use case: a Bradley–Terry fit of the
 * judge's counted verdicts (ties half), on an Elo-like scale centred at 0 within its component.
 */
export interface JudgeRating {
	readonly model_id: string;
	readonly harness: string;
	/** The rating on every judged task; comparable only with ratings of the same `component`. */
	readonly rating: number;
	/** 90 % bootstrap interval resampling tasks; null when fewer than two tasks were judged. */
	readonly interval: Interval | null;
	/** Share of resamples in which this model rated highest; null without an interval. */
	readonly p_top: number | null;
	/** Counted verdicts (agreeing across both orders, or ties) this model took part in. */
	readonly comparisons: number;
	/** Tasks on which it was judged against another model. */
	readonly tasks: number;
	/** Its connected component of the comparison graph, 0 being the largest; a rating is never fitted across components. */
	readonly component: number;
}

/** A task use case's pairwise-judge ratings: what `touchstone judge` prints and the index and report take. */
export interface JudgeRatings {
	readonly use_case_id: string;
	/** Best first within each component, components in order. */
	readonly ratings: readonly JudgeRating[];
	/** Whether every rated model is in one component; when false the ratings are flagged, not compared across. */
	readonly connected: boolean;
	/** Pairs judged (both orders asked), and how many of them counted as ties because the verdict flipped with the order. */
	readonly pairs: number;
	readonly flips: number;
	/** Confidence level of the intervals (0.9). */
	readonly level: number;
	/** The rubric version whose verdicts were counted; null when no verdict is stored. */
	readonly rubric_version: string | null;
}
