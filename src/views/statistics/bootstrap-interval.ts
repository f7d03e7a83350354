import { percentile } from "../percentile.js";
import { seededRandom } from "./seeded-random.js";
import { type IntervalStatistic, noInterval } from "./statistic.js";

/** How to bootstrap: how many resamples, from which seed, at which confidence level. */
export interface BootstrapOptions {
	/** Resamples drawn (e.g. 2000). */
	readonly samples: number;
	/** Seed of the generator: the same seed and input give the same interval. */
	readonly seed: number;
	/** Confidence level, default 0.95. */
	readonly level?: number | undefined;
}

/**
 * A percentile bootstrap interval of `estimate` over `items`: draws `samples` resamples of the
 * same size with replacement (seeded, so deterministic), computes `estimate` on each, and takes
 * the (1 − level)/2 and (1 + level)/2 percentiles of the results. Resamples where the estimate
 * is undefined (null, e.g. no variance) are left out; null when fewer than two items or when
 * every resample was undefined.
 */
export function bootstrapInterval<T>(
	items: readonly T[],
	estimate: (sample: readonly T[]) => number | null,
	options: BootstrapOptions,
): IntervalStatistic {
	const level = options.level ?? 0.95;
	if (!Number.isInteger(options.samples) || options.samples < 1)
		throw new RangeError(`bootstrap samples must be a whole number ≥ 1, got ${options.samples}`);
	if (!(level > 0 && level < 1)) throw new RangeError(`confidence level must be between 0 and 1, got ${level}`);
	const n = items.length;
	if (n < 2) return noInterval(`a bootstrap needs at least 2 items, got ${n}`);
	const random = seededRandom(options.seed);
	const estimates: number[] = [];
	const sample = new Array<T>(n);
	for (let draw = 0; draw < options.samples; draw++) {
		for (let index = 0; index < n; index++) sample[index] = items[Math.floor(random() * n)] as T;
		const value = estimate(sample);
		if (value !== null && Number.isFinite(value)) estimates.push(value);
	}
	if (estimates.length === 0) return noInterval("the estimate was undefined on every resample");
	const tail = ((1 - level) / 2) * 100;
	return {
		interval: { low: percentile(estimates, tail) as number, high: percentile(estimates, 100 - tail) as number },
		reason: null,
	};
}
