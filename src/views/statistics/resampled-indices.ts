import { percentile } from "../percentile.js";
import { seededPositions } from "./seeded-random.js";
import { type IntervalStatistic, noInterval } from "./statistic.js";

/**
 * An estimate on one resample, given as the positions it drew (`indices[k]` is the k-th item of
 * the resample, a position in the caller's items): the value, or null where it is undefined.
 * Reading the caller's own typed arrays through the positions, nothing is built per resample.
 */
export type IndexedEstimate = (indices: Int32Array) => number | null;

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
 * Percentile bootstrap intervals of several estimates over the SAME `n` items, in one pass: each
 * resample's positions are drawn once (seeded: resample after resample, `floor(random() · n)`
 * per position) and every estimate reads them. Each interval equals what a bootstrap of that
 * estimate alone with the same seed gives, because every bootstrap of n items from one seed
 * draws the same positions. Resamples where an estimate is null or not finite are left out of
 * its interval; null when fewer than two items or when every resample was undefined.
 */
export function bootstrapIntervals(
	n: number,
	estimates: readonly IndexedEstimate[],
	options: BootstrapOptions,
): IntervalStatistic[] {
	const level = options.level ?? 0.95;
	if (!Number.isInteger(options.samples) || options.samples < 1)
		throw new RangeError(`bootstrap samples must be a whole number ≥ 1, got ${options.samples}`);
	if (!(level > 0 && level < 1)) throw new RangeError(`confidence level must be between 0 and 1, got ${level}`);
	if (n < 2) return estimates.map(() => noInterval(`a bootstrap needs at least 2 items, got ${n}`));
	const draw = seededPositions(options.seed);
	const values = estimates.map((): number[] => []);
	const indices = new Int32Array(n);
	for (let sample = 0; sample < options.samples; sample++) {
		draw(indices, n);
		estimates.forEach((estimate, which) => {
			const value = estimate(indices);
			if (value !== null && Number.isFinite(value)) values[which]?.push(value);
		});
	}
	const tail = ((1 - level) / 2) * 100;
	return values.map((found) =>
		found.length === 0
			? noInterval("the estimate was undefined on every resample")
			: {
					interval: { low: percentile(found, tail) as number, high: percentile(found, 100 - tail) as number },
					reason: null,
				},
	);
}
