import type { JsonObject } from "./json.js";

/** How a score's value reads: a 0..1 number, a pass/fail, a rank, or a label. */
export const SCORE_TYPES = ["absolute", "boolean", "ordinal", "label"] as const;
/** One of {@link SCORE_TYPES}. */
export type ScoreType = (typeof SCORE_TYPES)[number];

/**
 * What asking one juror cost: the sums over its calls (the retry after an unusable reply
 * included). Each figure is null when any call did not report it (or, for the cost, when the
 * juror has neither a billed cost nor a price), never 0 for unknown.
 */
export interface JurorUsage {
	/** Prompt tokens of every call. */
	readonly input_tokens: number | null;
	/** Generated tokens of every call. */
	readonly output_tokens: number | null;
	/** USD: the billed cost of each call, else the juror's price table; null when unknown. */
	readonly cost_usd: number | null;
}

/** One juror's verdict on one attempt. */
export interface JuryVote {
	/** Registry id of the juror model. */
	readonly juror: string;
	/** Numeric and boolean rubric fields; null when the vote failed. */
	readonly fields: { readonly [field: string]: number | boolean } | null;
	/** The juror's one-sentence rationale. */
	readonly rationale: string | null;
	/** Why the vote failed (unparsable reply, missing field); null for a valid vote. */
	readonly error: string | null;
	/**
	 * What asking the juror cost; null when one of its calls failed (what a failed call cost is
	 * not known). Absent on votes stored before juror usage was recorded.
	 */
	readonly usage?: JurorUsage | null;
}

/** One metric of one attempt. A grader returns one score per metric it measures. */
export interface Score {
	/** Metric name, e.g. `composite`, `fact_recall`, `tests_passed`. */
	readonly metric: string;
	/** See {@link SCORE_TYPES}. */
	readonly score_type: ScoreType;
	/** The value: 0..1 for `absolute`, 0 or 1 for `boolean`, a rank for `ordinal`; null for `label`. */
	readonly value: number | null;
	/** The label for `label` scores, or a human reading of the value. */
	readonly value_label: string | null;
	/** Every juror's vote, for jury-graded metrics; null otherwise. */
	readonly jury_votes: readonly JuryVote[] | null;
	/** Population standard deviation of the jurors' values. */
	readonly inter_judge_disagreement: number | null;
	/** 0..1, how sure the grader is of this value. */
	readonly confidence: number | null;
	/** True when a disqualifying gate tripped and capped the value. */
	readonly critical_failure: boolean;
	/** Which gate tripped, its cap and its votes. */
	readonly gate_meta: JsonObject | null;
	/** The grader's explanation. */
	readonly reasoning: string | null;
	/** Grader id and version, e.g. `contains@1`. */
	readonly grader_version: string;
	/** Version of the judge panel that produced a jury score. */
	readonly judge_panel_version: string | null;
	/** Typed extras a grader wants kept (a performance record, a norms record). */
	readonly extras: JsonObject | null;
}
