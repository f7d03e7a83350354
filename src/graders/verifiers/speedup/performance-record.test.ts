import { describe, expect, it } from "vitest";
import type { PairedSample } from "../../../contract/index.js";
import { highestBucket, measuredRecord, median, pairRatios, round12 } from "./performance-record.js";

const LADDER = [
	[2, 0.3333333333333333],
	[10, 0.6666666666666666],
	[50, 1.0],
] as const;
const SETTINGS = {
	buckets: LADDER,
	pass_threshold: 0.3333333333333333,
	pairs: 3,
	fixture_version: "toy-v1",
	language: "python",
} as const;

const sample = (baseline_s: number, candidate_s: number, order: PairedSample["order"] = "baseline-first") => ({
	baseline_s,
	candidate_s,
	order,
});

describe("the performance record", () => {
	it("takes the median of an odd count as the middle ratio and of an even count as the mean of the two middle", () => {
		expect(median([5, 1, 3])).toBe(3);
		expect(median([4, 1, 3, 10])).toBe(3.5);
		expect(median([])).toBeNull();
	});

	it("divides baseline by candidate seconds per pair, never the other way", () => {
		expect(pairRatios([sample(1, 0.25), sample(0.3, 0.6)])).toEqual([4, 0.5]);
	});

	it("clears a bucket at exactly its threshold, and at 12 places, but not just below", () => {
		expect(highestBucket(2, LADDER)?.[0]).toBe(2);
		expect(highestBucket(2 - 1e-13, LADDER)?.[0]).toBe(2);
		expect(highestBucket(2 - 1e-9, LADDER)).toBeNull();
		expect(highestBucket(10, LADDER)?.[0]).toBe(10);
		expect(highestBucket(49.999, LADDER)?.[0]).toBe(10);
		expect(highestBucket(50, LADDER)?.[0]).toBe(50);
		expect(highestBucket(301.8, LADDER)?.[0]).toBe(50);
	});

	it("scores a YAML 1/3 at 12 places, so it reaches a 1/3 pass threshold", () => {
		const record = measuredRecord(SETTINGS, {
			warmup: sample(1, 1),
			samples: [sample(2, 1), sample(3, 1, "candidate-first"), sample(2.5, 1)],
			oracle_cases: 2,
		});
		expect(record.median_ratio).toBe(2.5);
		expect(record.highest_bucket).toBe(2);
		expect(record.score).toBe(0.333333333333);
		expect(round12(record.score)).toBe(round12(1 / 3));
		expect(record).toMatchObject({ correctness: true, protocol: "paired-v1", metric: "median_speedup", pairs: 3 });
	});

	it("gives a correct candidate below the first bucket correctness true and score 0", () => {
		const record = measuredRecord(SETTINGS, {
			warmup: sample(1, 1),
			samples: [sample(1, 1), sample(1.9, 1, "candidate-first"), sample(1.2, 1)],
			oracle_cases: 1,
		});
		expect(record).toMatchObject({ correctness: true, highest_bucket: null, score: 0, median_ratio: 1.2 });
	});
});
