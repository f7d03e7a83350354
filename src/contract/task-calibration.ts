import type { ModelTier } from "./model.js";

/** The rungs of the anchor ladder, low to high: which anchor is which is its model entry's `tags.tier`. */
export const LADDER_TIERS = ["small", "mid", "large"] as const satisfies readonly ModelTier[];
/** One of {@link LADDER_TIERS}. */
export type LadderTier = (typeof LADDER_TIERS)[number];

/** The band a ladder tier's mean score must fall in, both ends inclusive, each in [0, 1]. */
export interface LadderBound {
	readonly min: number;
	readonly max: number;
}

/** Each tier's band. On top of the bands, the means must strictly increase small < mid < large. */
export type LadderBounds = Readonly<Record<LadderTier, LadderBound>>;

/**
 * The default ladder (seed 001: Haiku ≤ 0.4, Sonnet in [0.35, 0.8], Opus ≥ 0.85): a task the small
 * anchor mostly fails, the mid anchor sometimes solves and the large anchor reliably solves sits
 * above hard, so it may be admitted to the frontier tier. small and mid overlap on [0.35, 0.4].
 */
export const DEFAULT_LADDER: LadderBounds = Object.freeze({
	small: Object.freeze({ min: 0, max: 0.4 }),
	mid: Object.freeze({ min: 0.35, max: 0.8 }),
	large: Object.freeze({ min: 0.85, max: 1 }),
});

/** A task's ladder: the default with the bounds its `calibration.ladder` overrides. */
export type LadderOverrides = Readonly<Partial<Record<LadderTier, Partial<LadderBound>>>>;

/** One tier's line of a recorded ladder check. */
export interface LadderTierRecord {
	/** The anchor's registry id; null for scores taken from a file (`--from-json`). */
	readonly anchor: string | null;
	/** Each graded attempt's score (graded 0..1, or 1/0 for a binary verifier), in sample order. */
	readonly scores: readonly number[];
	/** Their mean; null when there is none. */
	readonly mean: number | null;
	/** Whether the mean was inside the tier's band. */
	readonly ok: boolean;
}

/** The outcome of `touchstone ladder --write`, kept in task.yaml as provenance. */
export interface LadderRecord {
	/** UTC day of the check, `YYYY-MM-DD`. */
	readonly date: string;
	/** Where the scores came from: anchor runs in the store, or a file of scores produced elsewhere. */
	readonly source: "runs" | "from-json";
	/** Whether the ladder held: the task may be admitted to the frontier tier. */
	readonly admissible: boolean;
	/** Why it did not hold, one line per failed check; empty when it held. */
	readonly reasons: readonly string[];
	/** Per tier, in {@link LADDER_TIERS} order. */
	readonly tiers: Readonly<Record<LadderTier, LadderTierRecord>>;
}

/**
 * A task's `calibration:` block: the ladder's overrides and the last recorded check. Provenance
 * only: it is never part of a cell key, so writing it leaves every cell current.
 */
export interface TaskCalibration {
	/** Bounds that replace the default ladder's for this task; empty when none. */
	readonly ladder: LadderOverrides;
	/** The last check `touchstone ladder --write` recorded; null before any. */
	readonly result: LadderRecord | null;
}

/** The default ladder with a task's overrides applied. */
export function ladderBounds(overrides: LadderOverrides): LadderBounds {
	const tier = (name: LadderTier): LadderBound => ({ ...DEFAULT_LADDER[name], ...overrides[name] });
	return { small: tier("small"), mid: tier("mid"), large: tier("large") };
}
