import { describe, expect, it } from "vitest";
import { pearsonCorrelation } from "./pearson-correlation.js";

describe("pearsonCorrelation", () => {
	it("matches a hand computation", () => {
		// x = [1, 2, 3, 4], y = [2, 1, 4, 3]; means 2.5 and 2.5
		// dx = [−1.5, −0.5, 0.5, 1.5], dy = [−0.5, −1.5, 1.5, 0.5]
		// Σdxdy = 0.75 + 0.75 + 0.75 + 0.75 = 3; Σdx² = Σdy² = 2.25 + 0.25 + 0.25 + 2.25 = 5; r = 3 / 5 = 0.6
		expect(pearsonCorrelation([1, 2, 3, 4], [2, 1, 4, 3]).value).toBeCloseTo(0.6, 12);
	});

	it("is null with a reason below two pairs or without variance", () => {
		expect(pearsonCorrelation([1], [2]).reason).toContain("at least 2");
		expect(pearsonCorrelation([1, 1, 1], [1, 2, 3]).reason).toContain("no variance");
		expect(pearsonCorrelation([1, 2, 3], [5, 5, 5]).reason).toContain("no variance");
	});
});
