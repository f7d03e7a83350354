import { type IntervalStatistic, noInterval } from "./statistic.js";
import { Z_95 } from "./wilson-interval.js";

/**
 * Normal (central limit) interval of a mean: mean ± z·sd/√n, with the sample standard deviation
 * (n − 1). Cheap enough for every row of a large leaderboard, where a bootstrap would not be;
 * `floor` clips the low end (a cost is never below 0). Null with fewer than two values.
 */
export function normalMeanInterval(
	values: ArrayLike<number>,
	floor = Number.NEGATIVE_INFINITY,
	z = Z_95,
): IntervalStatistic {
	const n = values.length;
	if (n < 2) return noInterval("fewer than two values, so there is no spread");
	let sum = 0;
	for (let index = 0; index < n; index += 1) sum += values[index] as number;
	const mean = sum / n;
	let squares = 0;
	for (let index = 0; index < n; index += 1) squares += ((values[index] as number) - mean) ** 2;
	const half = z * Math.sqrt(squares / (n - 1) / n);
	return { interval: { low: Math.max(floor, mean - half), high: mean + half }, reason: null };
}
