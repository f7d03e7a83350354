import { describe, expect, it } from "vitest";
import { signedBias } from "./signed-bias.js";

describe("signedBias", () => {
	it("is the mean of x − y, positive when x runs high", () => {
		// deltas [−0.1, 0.1, 0.2, 0.2, 0]: (−0.1 + 0.1 + 0.2 + 0.2 + 0) / 5 = 0.4 / 5 = 0.08
		expect(signedBias([0.9, 0.7, 0.4, 0.8, 0.2], [1.0, 0.6, 0.2, 0.6, 0.2]).value).toBeCloseTo(0.08, 12);
		// the same pairs swapped: −0.08
		expect(signedBias([1.0, 0.6, 0.2, 0.6, 0.2], [0.9, 0.7, 0.4, 0.8, 0.2]).value).toBeCloseTo(-0.08, 12);
	});

	it("is null with a reason for no pairs", () => {
		expect(signedBias([], []).reason).toContain("at least 1");
	});
});
