import { type IntervalStatistic, noInterval } from "./statistic.js";

/** z of a two-sided 95% normal interval. */
export const Z_95 = 1.959963984540054;

/**
 * Wilson score interval of a proportion `successes / n`: unlike the normal (Wald) interval it
 * stays inside 0..1 and is sensible at 0 and n successes and for small n. `z` sets the level
 * (default {@link Z_95}, a 95% interval). Null for n = 0.
 */
export function wilsonInterval(successes: number, n: number, z: number = Z_95): IntervalStatistic {
	if (!Number.isInteger(n) || n < 0 || !Number.isInteger(successes) || successes < 0 || successes > n)
		throw new RangeError(`expected whole numbers 0 ≤ successes ≤ n, got ${successes} of ${n}`);
	if (!(z > 0)) throw new RangeError(`z must be positive, got ${z}`);
	if (n === 0) return noInterval("no trials, so there is no proportion");
	const p = successes / n;
	const z2 = z * z;
	const denominator = 1 + z2 / n;
	const centre = (p + z2 / (2 * n)) / denominator;
	const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
	return {
		interval: { low: Math.max(0, centre - half), high: Math.min(1, centre + half) },
		reason: null,
	};
}
