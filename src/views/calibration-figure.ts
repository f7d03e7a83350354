import { bootstrapIntervals, type IndexedEstimate, noInterval, type Statistic } from "./statistics/index.js";

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

/** Milliseconds spent per part of one calibration, filled in when asked for (by the benchmark); never in the report. */
export type CalibrationTimings = Record<string, number>;

/** What a figure is computed from: its statistic over all `n` items, and the same statistic on resampled positions. */
export interface FigureInput {
	/** Names the figure in {@link CalibrationTimings}. */
	readonly name: string;
	/** Items the figure rests on. */
	readonly n: number;
	/** The statistic over the items. */
	readonly point: Statistic;
	/** The statistic on a resample of the items, given as positions (see {@link IndexedEstimate}). */
	readonly resampled: IndexedEstimate;
}

/**
 * Each figure's value, n and, from {@link BOOTSTRAP_MINIMUM_N} items, percentile bootstrap
 * interval. Figures over the same number of items share one pass of resamples (with one seed,
 * every bootstrap of n items draws the same positions), so the 2,000 draws of n positions are
 * made once for all of them, and nothing is built per resample.
 */
export function bootstrappedFigures(
	figures: readonly FigureInput[],
	bootstrap: { readonly samples: number; readonly seed: number; readonly level: number },
	timings?: CalibrationTimings,
): CalibrationFigure[] {
	const intervals = figures.map((figure) =>
		figure.n < BOOTSTRAP_MINIMUM_N
			? noInterval(`n = ${figure.n} is below ${BOOTSTRAP_MINIMUM_N}, too few for a bootstrap interval`)
			: figure.point.value === null
				? noInterval("no point estimate")
				: null,
	);
	const bySize = new Map<number, number[]>();
	figures.forEach((figure, index) => {
		if (intervals[index] === null) bySize.set(figure.n, [...(bySize.get(figure.n) ?? []), index]);
	});
	for (const [n, members] of bySize) {
		const started = performance.now();
		const pass = `${members.length} figure${members.length === 1 ? "" : "s"} over n = ${n}`;
		if (timings !== undefined) timings[pass] = 0;
		const estimates = members.map((index) => timed(figures[index] as FigureInput, timings));
		bootstrapIntervals(n, estimates, bootstrap).forEach((interval, at) => {
			intervals[members[at] as number] = interval;
		});
		if (timings !== undefined) timings[pass] = performance.now() - started;
	}
	return figures.map((figure, index) => {
		const interval = intervals[index] ?? noInterval("no point estimate");
		return {
			value: figure.point.value,
			reason: figure.point.reason,
			n: figure.n,
			interval: interval.interval,
			interval_reason: interval.reason,
		};
	});
}

/** The figure's estimate, adding the time it takes to `timings` when given. */
function timed(figure: FigureInput, timings: CalibrationTimings | undefined): IndexedEstimate {
	if (timings === undefined) return figure.resampled;
	const key = `  ${figure.name}`;
	timings[key] = 0;
	return (indices) => {
		const started = performance.now();
		const value = figure.resampled(indices);
		timings[key] = (timings[key] ?? 0) + performance.now() - started;
		return value;
	};
}
