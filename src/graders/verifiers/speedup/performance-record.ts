import type {
	PairedSample,
	PerformanceRecord,
	SpeedupBucket,
	SpeedupLanguage,
	SpeedupVerifierArgs,
} from "../../../contract/index.js";

/** Rounds to 12 decimal places, the precision buckets, scores and thresholds compare at. */
export function round12(value: number): number {
	return Math.round(value * 1e12) / 1e12;
}

/** baseline_s / candidate_s of each measured pair, in order. */
export function pairRatios(samples: readonly PairedSample[]): number[] {
	return samples.map((sample) => sample.baseline_s / sample.candidate_s);
}

/** The median: the middle value, or the mean of the two middle values of an even count; null for none. */
export function median(values: readonly number[]): number | null {
	if (values.length === 0) return null;
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	const upper = sorted[middle] as number;
	return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] as number) + upper) / 2;
}

/**
 * The highest bucket the median clears, boundaries inclusive, both sides rounded to 12 places (so
 * a median of exactly 2 clears the 2x bucket); null below the first bucket.
 */
export function highestBucket(medianRatio: number, buckets: readonly SpeedupBucket[]): SpeedupBucket | null {
	let cleared: SpeedupBucket | null = null;
	for (const bucket of buckets) if (round12(medianRatio) >= round12(bucket[0])) cleared = bucket;
	return cleared;
}

/** What a record needs beyond its samples: the task's settings. */
export type RecordSettings = Pick<SpeedupVerifierArgs, "buckets" | "pass_threshold" | "pairs" | "fixture_version"> & {
	readonly language: SpeedupLanguage;
};

/**
 * The record of a correct candidate: per-pair ratios, their median, the highest bucket cleared
 * and its score rounded to 12 places (0 below the first bucket, correctness still true).
 */
export function measuredRecord(
	settings: RecordSettings,
	timing: { warmup: PairedSample; samples: readonly PairedSample[]; oracle_cases: number | null },
): PerformanceRecord {
	const ratios = pairRatios(timing.samples);
	const medianRatio = median(ratios);
	const bucket = medianRatio === null ? null : highestBucket(medianRatio, settings.buckets);
	return {
		...recordBase(settings, timing.oracle_cases),
		correctness: true,
		warmup: { ...timing.warmup },
		samples: timing.samples.map((sample) => ({ ...sample })),
		ratios,
		median_ratio: medianRatio,
		highest_bucket: bucket === null ? null : bucket[0],
		score: bucket === null ? 0 : round12(bucket[1]),
	};
}

/** The record of a candidate that was never timed: wrong (false) or timed out (null); score 0. */
export function untimedRecord(
	settings: RecordSettings,
	correctness: false | null,
	oracleCases: number | null,
): PerformanceRecord {
	return {
		...recordBase(settings, oracleCases),
		correctness,
		warmup: null,
		samples: [],
		ratios: [],
		median_ratio: null,
		highest_bucket: null,
		score: 0,
	};
}

function recordBase(settings: RecordSettings, oracleCases: number | null) {
	return {
		protocol: "paired-v1",
		metric: "median_speedup",
		language: settings.language,
		pass_threshold: settings.pass_threshold,
		pairs: settings.pairs,
		fixture_version: settings.fixture_version,
		oracle_cases: oracleCases,
	} as const;
}
