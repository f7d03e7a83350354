import { describe, expect, it } from "vitest";
import { spearmanCorrelation } from "./spearman-correlation.js";

describe("spearmanCorrelation", () => {
	it("correlates average ranks, ties included", () => {
		// x = [0.9, 0.7, 0.4, 0.8, 0.2] → ranks [5, 3, 2, 4, 1]
		// y = [1.0, 0.6, 0.2, 0.6, 0.2] → ranks [5, 3.5, 1.5, 3.5, 1.5] (ties averaged)
		// both rank means are 3; dx = [2, 0, −1, 1, −2], dy = [2, 0.5, −1.5, 0.5, −1.5]
		// Σdxdy = 4 + 0 + 1.5 + 0.5 + 3 = 9; Σdx² = 10; Σdy² = 4 + 0.25 + 2.25 + 0.25 + 2.25 = 9
		// ρ = 9 / √(10 · 9) = 3 / √10 = 0.9486832981
		expect(spearmanCorrelation([0.9, 0.7, 0.4, 0.8, 0.2], [1.0, 0.6, 0.2, 0.6, 0.2]).value).toBeCloseTo(
			0.9486832981,
			9,
		);
	});

	it("is 1 for any increasing relation and −1 for a decreasing one", () => {
		expect(spearmanCorrelation([1, 2, 3, 4], [1, 8, 27, 64]).value).toBe(1);
		expect(spearmanCorrelation([1, 2, 3, 4], [0.9, 0.5, 0.2, 0.1]).value).toBe(-1);
	});

	it("is null with a reason below two pairs or when one side is all ties", () => {
		expect(spearmanCorrelation([0.5], [0.5]).value).toBeNull();
		expect(spearmanCorrelation([0.6, 0.6, 0.6], [0.1, 0.5, 0.9]).reason).toContain("no variance");
	});
});
