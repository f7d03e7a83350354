import { describe, expect, it } from "vitest";
import { averageRanks } from "./average-ranks.js";

describe("averageRanks", () => {
	it("ranks ascending from 1 and gives ties the mean of the ranks they span", () => {
		// sorted: 0.2, 0.2 (ranks 1, 2 → 1.5), 0.6, 0.6 (3, 4 → 3.5), 1.0 (5)
		expect(averageRanks([1.0, 0.6, 0.2, 0.6, 0.2])).toEqual([5, 3.5, 1.5, 3.5, 1.5]);
		// three-way tie at the top: ranks 2, 3, 4 → 3
		expect(averageRanks([0.1, 0.9, 0.9, 0.9])).toEqual([1, 3, 3, 3]);
		expect(averageRanks([])).toEqual([]);
	});
});
