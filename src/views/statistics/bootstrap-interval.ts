import { type BootstrapOptions, bootstrapIntervals } from "./resampled-indices.js";
import type { IntervalStatistic } from "./statistic.js";

export type { BootstrapOptions } from "./resampled-indices.js";

/**
 * A percentile bootstrap interval of `estimate` over `items`: draws `samples` resamples of the
 * same size with replacement (seeded, so deterministic), computes `estimate` on each, and takes
 * the (1 − level)/2 and (1 + level)/2 percentiles of the results. Resamples where the estimate
 * is undefined (null, e.g. no variance) are left out; null when fewer than two items or when
 * every resample was undefined. Builds an array per resample: for large inputs give
 * {@link bootstrapIntervals} an estimate that reads positions instead.
 */
export function bootstrapInterval<T>(
	items: readonly T[],
	estimate: (sample: readonly T[]) => number | null,
	options: BootstrapOptions,
): IntervalStatistic {
	const sample = new Array<T>(items.length);
	const [interval] = bootstrapIntervals(
		items.length,
		[
			(indices) => {
				for (let index = 0; index < indices.length; index++) sample[index] = items[indices[index] as number] as T;
				return estimate(sample);
			},
		],
		options,
	);
	return interval as IntervalStatistic;
}
