import { describe, expect, it } from "vitest";
import { normalMeanInterval } from "./normal-mean-interval.js";
import { Z_95 } from "./wilson-interval.js";

describe("normal interval of a mean", () => {
	it("is the mean ± z·sd/√n with the n − 1 standard deviation", () => {
		const { interval } = normalMeanInterval([1, 2, 3]);
		const half = Z_95 / Math.sqrt(3);
		expect(interval?.low).toBeCloseTo(2 - half, 12);
		expect(interval?.high).toBeCloseTo(2 + half, 12);
	});

	it("is clipped at the floor, and a point for values without spread", () => {
		expect(normalMeanInterval([0, 0, 0, 9], 0).interval?.low).toBe(0);
		expect(normalMeanInterval([0.5, 0.5]).interval).toEqual({ low: 0.5, high: 0.5 });
	});

	it("is null with fewer than two values", () => {
		expect(normalMeanInterval([]).interval).toBeNull();
		expect(normalMeanInterval([4]).reason).toContain("fewer than two");
	});
});
