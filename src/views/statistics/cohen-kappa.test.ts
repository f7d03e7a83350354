import { describe, expect, it } from "vitest";
import { cohenKappa } from "./cohen-kappa.js";

const T = true;
const F = false;

describe("cohenKappa", () => {
	it("corrects observed agreement for chance", () => {
		// 10 items: both yes 4, a yes b no 2, a no b yes 1, both no 3
		// p_o = (4 + 3) / 10 = 0.7; a says yes 6/10, b says yes 5/10
		// p_e = 0.6 · 0.5 + 0.4 · 0.5 = 0.5; κ = (0.7 − 0.5) / (1 − 0.5) = 0.4
		const a = [T, T, T, T, T, T, F, F, F, F];
		const b = [T, T, T, T, F, F, T, F, F, F];
		expect(cohenKappa(a, b).value).toBeCloseTo(0.4, 12);
	});

	it("is 1 for perfect agreement and negative for systematic disagreement", () => {
		expect(cohenKappa([T, F, T, F], [T, F, T, F]).value).toBe(1);
		// p_o = 0; p_e = 0.5 · 0.5 + 0.5 · 0.5 = 0.5; κ = −0.5 / 0.5 = −1
		expect(cohenKappa([T, F, T, F], [F, T, F, T]).value).toBe(-1);
	});

	it("is null below two items or when chance agreement is 1", () => {
		expect(cohenKappa([T], [T]).reason).toContain("at least 2");
		expect(cohenKappa([T, T, T], [T, T, T]).reason).toContain("chance agreement is 1");
	});
});
