import { describe, expect, it } from "vitest";
import { bootstrapInterval } from "./bootstrap-interval.js";
import { bootstrapMeanInterval } from "./bootstrap-mean.js";

describe("bootstrapMeanInterval", () => {
	it("brackets the mean, narrows with more data, and repeats with the same seed", () => {
		const small = Array.from({ length: 20 }, (_, index) => (index % 4) / 3);
		const large = Array.from({ length: 2_000 }, (_, index) => (index % 4) / 3);
		const options = { samples: 1_000, seed: 7 };
		const a = bootstrapMeanInterval(small, options);
		const b = bootstrapMeanInterval(large, options);
		const mean = 0.5;
		expect(a.interval?.low).toBeLessThan(mean);
		expect(a.interval?.high).toBeGreaterThan(mean);
		const width = (stat: typeof a) => (stat.interval?.high ?? 0) - (stat.interval?.low ?? 0);
		expect(width(b)).toBeLessThan(width(a) / 5);
		expect(bootstrapMeanInterval(small, options)).toEqual(a);
	});

	it("agrees with the generic bootstrap of the mean to within resampling noise", () => {
		const values = Array.from({ length: 200 }, (_, index) => Math.sin(index) ** 2);
		const fast = bootstrapMeanInterval(values, { samples: 4_000, seed: 3 });
		const generic = bootstrapInterval(
			values,
			(sample) => sample.reduce((sum, value) => sum + value, 0) / sample.length,
			{ samples: 4_000, seed: 4 },
		);
		expect(fast.interval?.low).toBeCloseTo(generic.interval?.low as number, 1);
		expect(fast.interval?.high).toBeCloseTo(generic.interval?.high as number, 1);
	});

	it("gives a reason instead of an interval for one case, and a degenerate interval for constant data", () => {
		expect(bootstrapMeanInterval([0.5], { samples: 100, seed: 1 })).toEqual({
			interval: null,
			reason: "a bootstrap needs at least 2 cases, got 1",
		});
		expect(bootstrapMeanInterval([1, 1, 1], { samples: 100, seed: 1 }).interval).toEqual({ low: 1, high: 1 });
	});
});
