import { describe, expect, it } from "vitest";
import { meanAbsoluteDelta } from "./mean-absolute-delta.js";

// jury x and owner y of five runs; deltas x − y = [−0.1, 0.1, 0.2, 0.2, 0].
const jury = [0.9, 0.7, 0.4, 0.8, 0.2];
const owner = [1.0, 0.6, 0.2, 0.6, 0.2];

describe("meanAbsoluteDelta", () => {
	it("averages the absolute deltas", () => {
		// (0.1 + 0.1 + 0.2 + 0.2 + 0) / 5 = 0.6 / 5 = 0.12
		expect(meanAbsoluteDelta(jury, owner).value).toBeCloseTo(0.12, 12);
	});

	it("is defined for one pair and null with a reason for none", () => {
		expect(meanAbsoluteDelta([0.3], [0.5]).value).toBeCloseTo(0.2, 12);
		expect(meanAbsoluteDelta([], [])).toEqual({ value: null, reason: "needs at least 1 pairs, got 0" });
	});

	it("gives null, not NaN, for a non-finite value, and throws on unequal lengths", () => {
		expect(meanAbsoluteDelta([Number.NaN], [0.5]).value).toBeNull();
		expect(() => meanAbsoluteDelta([1, 2], [1])).toThrow(RangeError);
	});
});
