import { describe, expect, it } from "vitest";
import { fitBradleyTerry, type PairwiseOutcome } from "./bradley-terry.js";
import { bradleyTerryRatings } from "./bradley-terry-bootstrap.js";
import { seededRandom } from "./seeded-random.js";

/** True strengths of a synthetic tournament, centred at 0 (the fit centres its own the same way). */
const TRUTH = [-1.2, -0.7, -0.2, 0.2, 0.7, 1.2];

/** Every pair judged once per task, the winner drawn from Bradley–Terry with the true strengths. */
function tournament(seed: number, tasks: number, truth = TRUTH): PairwiseOutcome[][] {
	const random = seededRandom(seed);
	return Array.from({ length: tasks }, () => {
		const outcomes: PairwiseOutcome[] = [];
		for (let a = 0; a < truth.length; a++)
			for (let b = a + 1; b < truth.length; b++) {
				const p = 1 / (1 + Math.exp((truth[b] as number) - (truth[a] as number)));
				outcomes.push({ a, b, score: random() < p ? 1 : 0 });
			}
		return outcomes;
	});
}

describe("Bradley–Terry", () => {
	it("recovers the true order of a synthetic tournament, strengths close to the truth", () => {
		const fit = fitBradleyTerry(TRUTH.length, tournament(7, 60).flat());
		const order = fit.theta.map((value, model) => [value, model] as const).sort((x, y) => x[0] - y[0]);
		expect(order.map(([, model]) => model)).toEqual([0, 1, 2, 3, 4, 5]);
		for (const [model, value] of fit.theta.entries())
			expect(Math.abs(value - (TRUTH[model] as number))).toBeLessThan(0.25);
		expect(fit.theta.reduce((sum, value) => sum + value, 0)).toBeCloseTo(0, 9);
		expect(fit.connected).toBe(true);
		expect(fit.iterations).toBeLessThan(12);
	});

	it("covers the truth with its 90 % task-bootstrap intervals at about the nominal rate", () => {
		let covered = 0;
		let total = 0;
		let orderRecovered = 0;
		let fullOrders = 0;
		const seeds = 60;
		for (let seed = 1; seed <= seeds; seed++) {
			const ratings = bradleyTerryRatings(TRUTH.length, tournament(seed * 7919, 30), { samples: 200, seed });
			ratings.intervals.forEach((interval, model) => {
				const truth = (400 / Math.LN10) * (TRUTH[model] as number);
				total += 1;
				if ((interval.low as number) <= truth && truth <= (interval.high as number)) covered += 1;
			});
			const top = ratings.fit.rating.indexOf(Math.max(...ratings.fit.rating));
			if (top === TRUTH.length - 1) orderRecovered += 1;
			const order = ratings.fit.rating.map((value, model) => [value, model] as const).sort((x, y) => x[0] - y[0]);
			if (order.every(([, model], rank) => model === rank)) fullOrders += 1;
		}
		const coverage = covered / total;
		console.log(
			`Bradley–Terry synthetic tournament: coverage ${coverage.toFixed(3)} of ${total} intervals (90 % nominal), strongest model recovered in ${orderRecovered}/${seeds}, the whole order in ${fullOrders}/${seeds}`,
		);
		expect(coverage).toBeGreaterThan(0.8);
		expect(coverage).toBeLessThan(0.97);
		expect(orderRecovered).toBeGreaterThan(seeds * 0.8);
	});

	it("is symmetric, gives equal ratings to all ties, and keeps an undefeated model finite", () => {
		const forward = fitBradleyTerry(2, [
			{ a: 0, b: 1, score: 1 },
			{ a: 0, b: 1, score: 0 },
			{ a: 0, b: 1, score: 1 },
		]);
		const backward = fitBradleyTerry(2, [
			{ a: 1, b: 0, score: 0 },
			{ a: 1, b: 0, score: 1 },
			{ a: 1, b: 0, score: 0 },
		]);
		expect(forward.theta[0]).toBeCloseTo(backward.theta[0] as number, 9);
		expect(forward.theta[0]).toBeGreaterThan(0);
		const ties = fitBradleyTerry(3, [
			{ a: 0, b: 1, score: 0.5 },
			{ a: 1, b: 2, score: 0.5 },
			{ a: 0, b: 2, score: 0.5 },
		]);
		for (const rating of ties.rating) expect(rating).toBeCloseTo(0, 9);
		const undefeated = fitBradleyTerry(
			2,
			Array.from({ length: 50 }, () => ({ a: 0, b: 1, score: 1 })),
		);
		expect(Number.isFinite(undefeated.theta[0])).toBe(true);
		expect(undefeated.theta[0]).toBeGreaterThan(1);
	});

	it("flags a comparison graph in two parts instead of ranking across it", () => {
		const fit = fitBradleyTerry(4, [
			{ a: 0, b: 1, score: 1 },
			{ a: 2, b: 3, score: 1 },
		]);
		expect(fit.connected).toBe(false);
		expect(fit.component[0]).toBe(fit.component[1]);
		expect(fit.component[0]).not.toBe(fit.component[2]);
	});

	it("gives the same intervals for the same seed, and none for a single task", () => {
		const tasks = tournament(3, 12);
		const first = bradleyTerryRatings(TRUTH.length, tasks, { samples: 100, seed: 5 });
		expect(bradleyTerryRatings(TRUTH.length, tasks, { samples: 100, seed: 5 })).toEqual(first);
		const one = bradleyTerryRatings(TRUTH.length, tasks.slice(0, 1), { samples: 100, seed: 5 });
		expect(one.intervals.every((interval) => interval.low === null && interval.p_top === null)).toBe(true);
		expect(() => fitBradleyTerry(2, [{ a: 0, b: 2, score: 1 }])).toThrow(RangeError);
	});
});
