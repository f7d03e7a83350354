import { describe, expect, it } from "vitest";
import { linConcordance } from "./lin-concordance.js";

describe("linConcordance", () => {
	it("matches a hand computation with population moments", () => {
		// x = [0.9, 0.7, 0.4, 0.8, 0.2], x̄ = 3.0 / 5 = 0.6; y = [1.0, 0.6, 0.2, 0.6, 0.2], ȳ = 2.6 / 5 = 0.52
		// dx = [0.3, 0.1, −0.2, 0.2, −0.4]; dy = [0.48, 0.08, −0.32, 0.08, −0.32]
		// s_xy = (0.144 + 0.008 + 0.064 + 0.016 + 0.128) / 5 = 0.36 / 5 = 0.072
		// s_x² = (0.09 + 0.01 + 0.04 + 0.04 + 0.16) / 5 = 0.068
		// s_y² = (0.2304 + 0.0064 + 0.1024 + 0.0064 + 0.1024) / 5 = 0.448 / 5 = 0.0896
		// (x̄ − ȳ)² = 0.08² = 0.0064
		// ρc = 2 · 0.072 / (0.068 + 0.0896 + 0.0064) = 0.144 / 0.164 = 0.8780487805
		expect(linConcordance([0.9, 0.7, 0.4, 0.8, 0.2], [1.0, 0.6, 0.2, 0.6, 0.2]).value).toBeCloseTo(0.8780487805, 9);
	});

	it("is 1 on the identity line and penalizes a constant shift that Pearson would not", () => {
		expect(linConcordance([0.1, 0.5, 0.9], [0.1, 0.5, 0.9]).value).toBeCloseTo(1, 12);
		// y = x + 0.2: s_x² = s_y² = s_xy = 0.32/3 ≈ 0.10667; ρc = 2 · 0.10667 / (0.21333 + 0.04) = 0.8421052632
		expect(linConcordance([0.1, 0.5, 0.9], [0.3, 0.7, 1.1]).value).toBeCloseTo(0.8421052632, 9);
	});

	it("is null below two pairs or when both sides are the same constant; one constant side gives 0", () => {
		expect(linConcordance([0.4], [0.4]).reason).toContain("at least 2");
		expect(linConcordance([0.4, 0.4], [0.4, 0.4]).reason).toContain("0/0");
		expect(linConcordance([0.4, 0.4], [0.2, 0.6]).value).toBe(0);
	});
});
