import { describe, expect, it } from "vitest";
import { rootMeanSquareError } from "./root-mean-square-error.js";

describe("rootMeanSquareError", () => {
	it("is the root of the mean squared delta", () => {
		// deltas [−0.1, 0.1, 0.2, 0.2, 0]: squares 0.01 + 0.01 + 0.04 + 0.04 + 0 = 0.1; √(0.1 / 5) = √0.02 = 0.1414213562
		expect(rootMeanSquareError([0.9, 0.7, 0.4, 0.8, 0.2], [1.0, 0.6, 0.2, 0.6, 0.2]).value).toBeCloseTo(
			0.1414213562,
			9,
		);
	});

	it("is null with a reason for no pairs", () => {
		expect(rootMeanSquareError([], []).value).toBeNull();
	});
});
