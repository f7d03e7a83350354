import { describe, expect, it } from "vitest";
import { DEFAULT_LADDER, type LadderTier, ladderBounds } from "../contract/index.js";
import { checkLadder, type LadderTierScores } from "./anchor-ladder.js";

const tiers = (small: number[], mid: number[], large: number[]): Record<LadderTier, LadderTierScores> => ({
	small: { anchor: "a/small", scores: small, excluded: 0 },
	mid: { anchor: "a/mid", scores: mid, excluded: 0 },
	large: { anchor: "a/large", scores: large, excluded: 0 },
});

describe("checkLadder, the anchor ladder's arithmetic", () => {
	it("holds for a task the anchors climb, with each tier's mean and band", () => {
		const check = checkLadder(tiers([0.2, 0.4], [0.5, 0.7], [0.9, 1]), DEFAULT_LADDER);
		expect(check.admissible).toBe(true);
		expect(check.increasing).toBe(true);
		expect(check.reasons).toEqual([]);
		expect(check.tiers.map((tier) => [tier.tier, tier.mean, tier.ok])).toEqual([
			["small", expect.closeTo(0.3), true],
			["mid", expect.closeTo(0.6), true],
			["large", expect.closeTo(0.95), true],
		]);
		expect(check.tiers[1]?.bound).toEqual({ min: 0.35, max: 0.8 });
	});

	it("includes every bound, even a mean a few ulps past it from summing reps", () => {
		// 0.1 + 0.2 + 0.9 = 1.2000000000000002: the mean is 0.4000000000000001, on small's bound.
		expect((0.1 + 0.2 + 0.9) / 3).toBeGreaterThan(0.4);
		const onBounds = checkLadder(tiers([0.1, 0.2, 0.9], [0.8], [0.85]), DEFAULT_LADDER);
		expect(onBounds.tiers.map((tier) => tier.ok)).toEqual([true, true, true]);
		expect(onBounds.admissible).toBe(true);
		const mid = checkLadder(tiers([0], [0.35], [0.85]), DEFAULT_LADDER);
		expect(mid.admissible).toBe(true);
		// Just past each bound fails, and says which bound.
		const past = checkLadder(tiers([0.401], [0.801], [0.849]), DEFAULT_LADDER);
		expect(past.tiers.map((tier) => tier.ok)).toEqual([false, false, false]);
		expect(past.reasons).toEqual([
			"small: mean 0.401 is above its maximum 0.4",
			"mid: mean 0.801 is above its maximum 0.8",
			"large: mean 0.849 is below its minimum 0.85",
		]);
		expect(checkLadder(tiers([0], [0.349], [1]), DEFAULT_LADDER).reasons).toEqual([
			"mid: mean 0.349 is below its minimum 0.35",
		]);
	});

	it("lets small and mid share 0.35..0.4, but only in increasing order", () => {
		expect(checkLadder(tiers([0.36], [0.39], [0.9]), DEFAULT_LADDER).admissible).toBe(true);
		const reversed = checkLadder(tiers([0.39], [0.36], [0.9]), DEFAULT_LADDER);
		expect(reversed.tiers.every((tier) => tier.ok)).toBe(true);
		expect(reversed.increasing).toBe(false);
		expect(reversed.reasons).toEqual(["the means do not strictly increase: small 0.39 is not below mid 0.36"]);
		const equal = checkLadder(tiers([0.4], [0.4], [0.9]), DEFAULT_LADDER);
		expect(equal.admissible).toBe(false);
		expect(equal.reasons).toEqual(["the means do not strictly increase: small 0.4 is not below mid 0.4"]);
		// Equal up to float noise is equal: 0.1 + 0.2 over 2 against 0.15.
		expect(checkLadder(tiers([0.1, 0.2], [0.15, 0.15], [1]), ladderBounds({ mid: { min: 0 } })).increasing).toBe(false);
	});

	it("fails a tier with no graded score, saying how many attempts were left out", () => {
		const check = checkLadder(
			{ ...tiers([0.1], [], [0.9]), mid: { anchor: "a/mid", scores: [], excluded: 2 } },
			DEFAULT_LADDER,
		);
		expect(check.tiers[1]).toMatchObject({ mean: null, ok: false });
		expect(check.increasing).toBe(false);
		expect(check.reasons).toEqual(["mid: no graded score (2 excluded)"]);
	});

	it("takes a task's overrides for any bound, keeping the defaults of the rest", () => {
		const bounds = ladderBounds({ small: { max: 0.2 }, large: { min: 0.95 } });
		expect(bounds).toEqual({ small: { min: 0, max: 0.2 }, mid: { min: 0.35, max: 0.8 }, large: { min: 0.95, max: 1 } });
		expect(checkLadder(tiers([0.3], [0.5], [0.9]), DEFAULT_LADDER).admissible).toBe(true);
		expect(checkLadder(tiers([0.3], [0.5], [0.9]), bounds).reasons).toEqual([
			"small: mean 0.3 is above its maximum 0.2",
			"large: mean 0.9 is below its minimum 0.95",
		]);
		const wider = ladderBounds({ mid: { min: 0.1, max: 0.9 }, small: { min: 0.05 } });
		expect(checkLadder(tiers([0.02], [0.2], [0.9]), wider).reasons).toEqual([
			"small: mean 0.02 is below its minimum 0.05",
		]);
	});
});
