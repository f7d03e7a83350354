import { type IntervalStatistic, noInterval } from "./statistic.js";

/**
 * Distribution-free interval of a median from order statistics: with the values sorted,
 * [x₍ⱼ₎, x₍ₙ₋ⱼ₊₁₎] for the largest j (1-based) with P(Binomial(n, ½) < j) ≤ (1 − level)/2, so it
 * covers the true median with probability ≥ level whatever the distribution (latencies are
 * skewed, a normal interval would not fit). Null when n is too small for any j (n < 6 at 95 %).
 * `sorted: true` says the values are sorted already (ascending), sparing a second sort.
 */
export function medianOrderInterval(
	values: ArrayLike<number>,
	options: { readonly level?: number; readonly sorted?: boolean } = {},
): IntervalStatistic {
	const level = options.level ?? 0.95;
	const n = values.length;
	const tail = (1 - level) / 2;
	// P(B ≤ k) summed in log space from pmf(0) = 2⁻ⁿ, which underflows for n > 1074 otherwise.
	let logPmf = -n * Math.LN2;
	let cdf = 0;
	let ranks = 0;
	for (let k = 0; k < n / 2; k += 1) {
		cdf += Math.exp(logPmf);
		if (cdf > tail) break;
		ranks = k + 1;
		logPmf += Math.log((n - k) / (k + 1));
	}
	if (ranks === 0) return noInterval(`too few values (${n}) for a ${Math.round(level * 100)} % interval of the median`);
	const sorted = options.sorted === true ? values : Float64Array.from(values).sort();
	return { interval: { low: sorted[ranks - 1] as number, high: sorted[n - ranks] as number }, reason: null };
}
