import { describe, expect, it } from "vitest";
import { medianOrderInterval } from "./median-order-interval.js";

const ranks = (n: number) => Array.from({ length: n }, (_, index) => index + 1);

describe("order-statistic interval of a median", () => {
	it("takes the ranks of the binomial table, whatever the order of the values", () => {
		// Ranks from the exact Binomial(n, ½) tails: n = 6 → (1, 6), 10 → (2, 9), 20 → (6, 15).
		expect(medianOrderInterval([60, 10, 50, 20, 40, 30]).interval).toEqual({ low: 10, high: 60 });
		expect(medianOrderInterval(ranks(10).reverse()).interval).toEqual({ low: 2, high: 9 });
		expect(medianOrderInterval(ranks(20)).interval).toEqual({ low: 6, high: 15 });
		expect(medianOrderInterval(ranks(20), { sorted: true }).interval).toEqual({ low: 6, high: 15 });
		// 99 %: n = 20 → ranks (4, 17).
		expect(medianOrderInterval(ranks(20), { level: 0.99 }).interval).toEqual({ low: 4, high: 17 });
	});

	it("is null when too few values give 95 %", () => {
		expect(medianOrderInterval(ranks(5)).interval).toBeNull();
		expect(medianOrderInterval([]).reason).toContain("too few");
	});

	it("stays exact for many values, where 2⁻ⁿ underflows", () => {
		// The normal approximation: j ≈ n/2 + ½ − 1.96·√n/2 (≈ 956 for n = 2,000).
		const n = 2_000;
		const low = medianOrderInterval(ranks(n)).interval?.low ?? 0;
		expect(Math.abs(low - (n / 2 + 0.5 - (1.96 * Math.sqrt(n)) / 2))).toBeLessThan(1.5);
		expect(medianOrderInterval(ranks(n)).interval?.high).toBe(n + 1 - low);
	});
});
