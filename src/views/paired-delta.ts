import { type FactGroup, pairedDifferences } from "./group-facts.js";
import { bootstrapMeanInterval, type Interval } from "./statistics/index.js";

/** A difference between two models over the cases both ran, with its paired bootstrap interval. */
export interface PairedDelta {
	/** Mean over shared cases of (this model − the other). */
	readonly value: number;
	/** 95 % paired bootstrap interval of that mean; null when fewer than two cases are shared. */
	readonly interval: Interval | null;
	/** Cases both models graded: the number behind the delta. */
	readonly shared_cases: number;
}

/** `a − b` over the cases both graded, with its paired bootstrap interval. */
export function pairedDelta(
	a: FactGroup,
	b: FactGroup,
	bootstrap: { readonly samples: number; readonly seed: number; readonly level: number },
): PairedDelta | null {
	const differences = pairedDifferences(a, b);
	if (differences.length === 0) return null;
	return {
		value: differences.reduce((total, difference) => total + difference, 0) / differences.length,
		interval: bootstrapMeanInterval(differences, bootstrap).interval,
		shared_cases: differences.length,
	};
}
