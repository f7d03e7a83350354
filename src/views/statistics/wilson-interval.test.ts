import { describe, expect, it } from "vitest";
import { wilsonInterval } from "./wilson-interval.js";

describe("wilsonInterval", () => {
	it("matches a hand computation for 8 of 10 at z = 1.96", () => {
		// p = 0.8, z² = 3.8416, z²/n = 0.38416, d = 1.38416
		// centre = (0.8 + 3.8416 / 20) / d = 0.99208 / 1.38416 = 0.7167379494
		// half = (1.96 / d) · √(0.8 · 0.2 / 10 + 3.8416 / 400) = 1.4160212692 · 0.1600124995 = 0.2265811026
		// interval = [0.4901568467, 0.9433190520]
		const { interval } = wilsonInterval(8, 10, 1.96);
		expect(interval?.low).toBeCloseTo(0.4901568467, 9);
		expect(interval?.high).toBeCloseTo(0.943319052, 9);
	});

	it("stays inside 0..1 at the extremes and is defined for one trial", () => {
		// 0 of 5: centre = (z²/10) / (1 + z²/5) = half, so the low end is exactly 0
		expect(wilsonInterval(0, 5).interval?.low).toBe(0);
		expect(wilsonInterval(5, 5).interval?.high).toBe(1);
		expect(wilsonInterval(1, 1).interval?.low).toBeGreaterThan(0);
	});

	it("is null for no trials and refuses impossible counts", () => {
		expect(wilsonInterval(0, 0).reason).toContain("no trials");
		expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
	});
});
