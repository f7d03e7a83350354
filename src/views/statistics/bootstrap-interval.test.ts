import { describe, expect, it } from "vitest";
import { bootstrapInterval } from "./bootstrap-interval.js";

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe("bootstrapInterval", () => {
	it("gives the percentile interval of a hand-derivable bootstrap distribution", () => {
		// Resampling [0, 1] twice with replacement gives means 0, 0.5, 1 with chances 1/4, 1/2, 1/4,
		// so the 2.5th percentile is 0 and the 97.5th is 1.
		expect(bootstrapInterval([0, 1], mean, { samples: 2000, seed: 7 })).toEqual({
			interval: { low: 0, high: 1 },
			reason: null,
		});
		// At 40%, the 30th and 70th percentiles both fall in the middle half: [0.5, 0.5].
		expect(bootstrapInterval([0, 1], mean, { samples: 2000, seed: 7, level: 0.4 }).interval).toEqual({
			low: 0.5,
			high: 0.5,
		});
	});

	it("is deterministic for a seed and input, and changes with the seed", () => {
		const values = [0.12, 0.5, 0.33, 0.9, 0.71, 0.05, 0.64];
		const first = bootstrapInterval(values, mean, { samples: 500, seed: 1 });
		expect(bootstrapInterval(values, mean, { samples: 500, seed: 1 })).toEqual(first);
		expect(bootstrapInterval(values, mean, { samples: 500, seed: 2 })).not.toEqual(first);
		const { low, high } = first.interval ?? { low: Number.NaN, high: Number.NaN };
		expect(low).toBeLessThan(mean(values));
		expect(high).toBeGreaterThan(mean(values));
	});

	it("leaves out resamples where the estimate is undefined, and is null when all are", () => {
		const constant = bootstrapInterval([0.3, 0.3, 0.3], mean, { samples: 100, seed: 1 });
		expect(constant.interval?.low).toBeCloseTo(0.3, 12);
		expect(constant.interval?.high).toBeCloseTo(0.3, 12);
		expect(bootstrapInterval([1, 2, 3], () => null, { samples: 100, seed: 1 }).reason).toContain("every resample");
	});

	it("needs two items, and refuses nonsense options", () => {
		expect(bootstrapInterval([0.5], mean, { samples: 100, seed: 1 }).reason).toContain("at least 2");
		expect(() => bootstrapInterval([1, 2], mean, { samples: 0, seed: 1 })).toThrow(RangeError);
		expect(() => bootstrapInterval([1, 2], mean, { samples: 10, seed: 1, level: 1 })).toThrow(RangeError);
	});
});
