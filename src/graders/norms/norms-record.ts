import type { JsonObject } from "../../contract/index.js";

/** Version of the norms record: bump it when a signal, a curve or a weight changes (it enters agentic tasks' cell keys). */
export const NORMS_VERSION = "1";

/** The signals of a norms record, in the order they are reported. */
export const NORMS_SIGNALS = [
	"outside_target",
	"debug_lines",
	"lint",
	"diff_size",
	"untested_code",
	"comment_density",
] as const;
/** One of {@link NORMS_SIGNALS}. */
export type NormsSignalId = (typeof NORMS_SIGNALS)[number];

/**
 * The weight of each signal's penalty in the norms score: the one place they are set. Comment
 * density weighs half: it is the weakest evidence of the six (a well-commented fix is not wrong).
 */
export const NORMS_WEIGHTS: Readonly<Record<NormsSignalId, number>> = {
	outside_target: 1,
	debug_lines: 1,
	lint: 1,
	diff_size: 1,
	untested_code: 1,
	comment_density: 0.5,
};

/** One measured signal: what was measured, its penalty 0..1, and why it is N/A when it is. */
export type NormsSignal = {
	/** The measurement (a count, a ratio, a density change); null when N/A. */
	readonly value: number | null;
	/** 0 (no fault) .. 1 (worst); null when N/A. */
	readonly penalty: number | null;
	/** Its weight, from {@link NORMS_WEIGHTS}. */
	readonly weight: number;
	/** Why the signal could not be measured; null when it was. N/A is renormalised away, never a 0. */
	readonly na: string | null;
	/** What the value was computed from (file lists, findings, densities). */
	readonly detail: JsonObject;
};

/** The norms record of one passing agentic attempt, kept in the `norms` score's extras. */
export type NormsRecord = {
	/** {@link NORMS_VERSION} the record was computed with. */
	readonly norms_version: string;
	/** 1 − the weighted mean of the measured penalties; null when every signal is N/A. */
	readonly norms_score: number | null;
	/** Files the model changed (added, modified or deleted). */
	readonly files_changed: number;
	/** Text lines added plus removed over those files. */
	readonly diff_lines: number;
	/** Every signal, measured or N/A. */
	readonly signals: { readonly [id in NormsSignalId]: NormsSignal };
};

/** A measured signal. */
export function measured(id: NormsSignalId, value: number, penalty: number, detail: JsonObject = {}): NormsSignal {
	return { value, penalty: Math.min(1, Math.max(0, penalty)), weight: NORMS_WEIGHTS[id], na: null, detail };
}

/** A signal the task or the machine cannot measure. */
export function notApplicable(id: NormsSignalId, reason: string, detail: JsonObject = {}): NormsSignal {
	return { value: null, penalty: null, weight: NORMS_WEIGHTS[id], na: reason, detail };
}

/** 1 − the weighted mean of the measured penalties, rounded to 12 places; N/A signals drop out; null when none is measured. */
export function normsScore(signals: readonly NormsSignal[]): number | null {
	let weights = 0;
	let total = 0;
	for (const signal of signals) {
		if (signal.penalty === null || signal.weight <= 0) continue;
		weights += signal.weight;
		total += signal.weight * signal.penalty;
	}
	if (weights === 0) return null;
	return Math.round((1 - total / weights) * 1e12) / 1e12;
}
