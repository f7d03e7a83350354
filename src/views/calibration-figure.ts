import { bootstrapInterval, noInterval, type Statistic } from "./statistics/index.js";

/** Fewest items a figure needs before it gets a bootstrap interval: below it, resampling mostly repeats the few items. */
export const BOOTSTRAP_MINIMUM_N = 5;

/** One figure of the report: its value (or why there is none), its n and its interval (or why there is none). */
export interface CalibrationFigure {
	/** The point estimate; null when the data cannot carry it. */
	readonly value: number | null;
	/** Why `value` is null. */
	readonly reason: string | null;
	/** Items the figure rests on. */
	readonly n: number;
	/** Percentile bootstrap interval at the requested level (95 % for calibration); null below {@link BOOTSTRAP_MINIMUM_N} items. */
	readonly interval: { readonly low: number; readonly high: number } | null;
	/** Why `interval` is null. */
	readonly interval_reason: string | null;
}

/** A statistic with its n and, from {@link BOOTSTRAP_MINIMUM_N} items, a percentile bootstrap interval. */
export function bootstrappedFigure<T>(
	items: readonly T[],
	estimate: (sample: readonly T[]) => Statistic,
	bootstrap: { readonly samples: number; readonly seed: number; readonly level: number },
): CalibrationFigure {
	const point = estimate(items);
	const interval =
		items.length < BOOTSTRAP_MINIMUM_N
			? noInterval(`n = ${items.length} is below ${BOOTSTRAP_MINIMUM_N}, too few for a bootstrap interval`)
			: point.value === null
				? noInterval("no point estimate")
				: bootstrapInterval(items, (sample) => estimate(sample).value, bootstrap);
	return {
		value: point.value,
		reason: point.reason,
		n: items.length,
		interval: interval.interval,
		interval_reason: interval.reason,
	};
}
