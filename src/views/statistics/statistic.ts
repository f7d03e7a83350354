/**
 * A statistic's value, or null with the reason it is undefined for this input (too few items, no
 * variance). Never NaN: a caller can print or store it as it is.
 */
export type Statistic =
	| { readonly value: number; readonly reason: null }
	| { readonly value: null; readonly reason: string };

/** A two-sided interval; its confidence level is whatever the caller asked for. */
export interface Interval {
	/** Lower bound. */
	readonly low: number;
	/** Upper bound. */
	readonly high: number;
}

/** An interval, or null with the reason it cannot be given. */
export type IntervalStatistic =
	| { readonly interval: Interval; readonly reason: null }
	| { readonly interval: null; readonly reason: string };

/** A computed statistic; a non-finite value becomes null with a reason rather than NaN. */
export function statistic(value: number): Statistic {
	return Number.isFinite(value) ? { value, reason: null } : { value: null, reason: `the result is ${value}` };
}

/** A statistic that cannot be computed, and why. */
export function noStatistic(reason: string): Statistic {
	return { value: null, reason };
}

/** An interval that cannot be given, and why. */
export function noInterval(reason: string): IntervalStatistic {
	return { interval: null, reason };
}

/**
 * Why paired samples `x` and `y` cannot carry a statistic that needs `minimum` pairs, or null
 * when they can. Unequal lengths are a caller's bug and throw.
 */
export function pairedProblem(x: readonly number[], y: readonly number[], minimum: number): string | null {
	if (x.length !== y.length) throw new RangeError(`paired samples differ in length: ${x.length} and ${y.length}`);
	if (x.length < minimum) return `needs at least ${minimum} pairs, got ${x.length}`;
	if (![...x, ...y].every(Number.isFinite)) return "a value is not a finite number";
	return null;
}

/** Means and centered sums of squares and products of paired samples (Pearson and Lin share them). */
export function centeredMoments(x: readonly number[], y: readonly number[]) {
	const n = x.length;
	const meanX = x.reduce((sum, value) => sum + value, 0) / n;
	const meanY = y.reduce((sum, value) => sum + value, 0) / n;
	let sxy = 0;
	let sxx = 0;
	let syy = 0;
	for (let index = 0; index < n; index++) {
		const dx = (x[index] as number) - meanX;
		const dy = (y[index] as number) - meanY;
		sxy += dx * dy;
		sxx += dx * dx;
		syy += dy * dy;
	}
	return { n, meanX, meanY, sxy, sxx, syy };
}
