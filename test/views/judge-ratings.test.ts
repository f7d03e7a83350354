import { afterEach, describe, expect, it } from "vitest";
import type { ComparisonVerdict } from "../../src/store/index.js";
import { judgePlan, judgeRatings } from "../../src/views/index.js";
import { type TaskStore, taskStore } from "../support/task-store.js";

/*
 * judgeRatings over a real store: passing cells with stored diffs, and verdicts recorded in both
 * orders as `touchstone judge` records them (one row per order, A the change shown first).
 */

const fixtures: TaskStore[] = [];
afterEach(() => {
	for (const fixture of fixtures.splice(0)) fixture.remove();
});

const TASKS = ["t1", "t2", "t3"];

/** Records every model's passing cell on every task, its diff naming the model and task. */
function store(models: readonly string[], failing: readonly string[] = []): TaskStore {
	const fixture = taskStore({ tasks: TASKS.map((id) => ({ id, kind: "floor" })), models: [...models, ...failing] });
	fixtures.push(fixture);
	for (const task of TASKS) {
		for (const model of models) fixture.record({ task, model, value: 1, diff: `+fix by ${model} on ${task}\n` });
		for (const model of failing) fixture.record({ task, model, value: 0, diff: `+wrong by ${model} on ${task}\n` });
	}
	return fixture;
}

type Answer = ComparisonVerdict | "error";

/** Records the judge's two answers on `first` × `second` of `task`: shown first-then-second, and second-then-first. */
function judged(
	target: TaskStore,
	task: string,
	first: string,
	second: string,
	answers: readonly [Answer, Answer],
	rubric = "pairwise-rubric-1",
): void {
	const pair = judgePlan(target.store, target.useCaseId, { taskId: task }).tasks[0]?.pairs.find(
		(item) => [item.x.model_id, item.y.model_id].sort().join() === [first, second].sort().join(),
	);
	if (pair === undefined) throw new Error(`no pair ${first} × ${second} on ${task}`);
	const [one, two] = pair.x.model_id === first ? [pair.x, pair.y] : [pair.y, pair.x];
	for (const [shownA, shownB, answer] of [
		[one, two, answers[0]],
		[two, one, answers[1]],
	] as const)
		target.store.recordComparison({
			use_case_id: target.useCaseId,
			benchmark_version: `${target.useCaseId}@1`,
			case_id: task,
			run_a: shownA.run_id,
			run_b: shownB.run_id,
			judge: "judge",
			verdict: answer === "error" ? null : answer,
			error: answer === "error" ? "unusable reply: the reply is not one JSON object" : null,
			confidence: null,
			reasoning_sha: null,
			diff_a_sha: shownA.diff_sha,
			diff_b_sha: shownB.diff_sha,
			rubric_version: rubric,
			cost_usd: null,
			input_tokens: null,
			output_tokens: null,
		});
}

describe("judgeRatings", () => {
	it("pairs passing cells with diffs only, of different rows, in a deterministic order that covers every two rows first", () => {
		const { store: target, useCaseId } = store(["m1", "m2", "m3"], ["loser"]);
		const plan = judgePlan(target, useCaseId, { pairs: 2 });
		expect(plan.tasks.map((task) => task.case_id)).toEqual(TASKS);
		for (const task of plan.tasks) {
			expect(task.pairs).toHaveLength(2);
			for (const pair of task.pairs) {
				expect(pair.x.model_id).not.toBe(pair.y.model_id);
				expect([pair.x.model_id, pair.y.model_id]).not.toContain("loser");
				expect(pair.x.diff_sha < pair.y.diff_sha).toBe(true);
			}
		}
		expect(judgePlan(target, useCaseId, { pairs: 2 })).toEqual(plan);
		expect(judgePlan(target, useCaseId).tasks[0]?.pairs).toHaveLength(3);
		// A second sample with the same diff is the same comparison; with another diff, two more pairs.
		fixtures[0]?.record({ task: "t1", model: "m1", sample: 1, value: 1, diff: "+fix by m1 on t1\n" });
		fixtures[0]?.record({ task: "t2", model: "m1", sample: 1, value: 1, diff: "+another fix by m1\n" });
		const again = judgePlan(target, useCaseId).tasks;
		expect(again.map((task) => task.pairs.length)).toEqual([3, 5, 3]);
		expect(again[0]?.identical).toBe(0);
	});

	it("counts a verdict only when both orders agree, a flip as a tie, and never an error", () => {
		const target = store(["strong", "mid", "weak", "unjudged"]);
		for (const task of TASKS) {
			judged(target, task, "strong", "mid", ["a", "b"]);
			judged(target, task, "mid", "weak", ["a", "b"]);
			// On t1 always "the change shown first": a flip, so a tie.
			judged(target, task, "strong", "weak", task === "t1" ? ["a", "a"] : ["a", "b"]);
			// An unusable reply in one order: no verdict at all.
			judged(target, task, "unjudged", "strong", ["a", "error"]);
		}
		const ratings = judgeRatings(target.store, target.useCaseId, { samples: 200 });
		expect(ratings.pairs).toBe(9);
		expect(ratings.flips).toBe(1);
		expect(ratings.connected).toBe(true);
		expect(ratings.rubric_version).toBe("pairwise-rubric-1");
		expect(ratings.ratings.map((rating) => rating.model_id)).toEqual(["strong", "mid", "weak"]);
		const [strong, mid, weak] = ratings.ratings;
		// Centred at 0, with 90 % intervals over the three tasks around each rating.
		expect(ratings.ratings.reduce((sum, rating) => sum + rating.rating, 0)).toBeCloseTo(0, 6);
		expect(strong?.rating).toBeGreaterThan(0);
		expect(weak?.rating).toBeLessThan(0);
		for (const rating of ratings.ratings) {
			expect(rating.interval?.low).toBeLessThanOrEqual(rating.rating + 1e-9);
			expect(rating.interval?.high).toBeGreaterThanOrEqual(rating.rating - 1e-9);
			expect(rating).toMatchObject({ tasks: 3, component: 0 });
		}
		expect(strong?.comparisons).toBe(6);
		expect(mid?.comparisons).toBe(6);
		// The flip is half a win each: strong and weak are closer than when strong wins that pair too.
		const withoutFlips = store(["strong", "mid", "weak"]);
		for (const task of TASKS) {
			judged(withoutFlips, task, "strong", "mid", ["a", "b"]);
			judged(withoutFlips, task, "mid", "weak", ["a", "b"]);
			judged(withoutFlips, task, "strong", "weak", ["a", "b"]);
		}
		const plain = judgeRatings(withoutFlips.store, withoutFlips.useCaseId, { samples: 50 }).ratings;
		const gap = (list: typeof plain) =>
			(list.find((rating) => rating.model_id === "strong")?.rating ?? 0) -
			(list.find((rating) => rating.model_id === "weak")?.rating ?? 0);
		expect(gap(ratings.ratings)).toBeLessThan(gap(plain));
	});

	it("flags a disconnected comparison graph and rates each part on its own, centred at 0", () => {
		const target = store(["a1", "a2", "a3", "b1", "b2"]);
		for (const task of TASKS) {
			judged(target, task, "a1", "a2", ["a", "b"]);
			judged(target, task, "a2", "a3", ["a", "b"]);
			judged(target, task, "b1", "b2", ["b", "a"]);
		}
		const ratings = judgeRatings(target.store, target.useCaseId, { samples: 100 });
		expect(ratings.connected).toBe(false);
		const parts = [0, 1].map((component) => ratings.ratings.filter((rating) => rating.component === component));
		expect(parts[0]?.map((rating) => rating.model_id)).toEqual(["a1", "a2", "a3"]);
		expect(parts[1]?.map((rating) => rating.model_id)).toEqual(["b2", "b1"]);
		for (const part of parts) expect(part.reduce((sum, rating) => sum + rating.rating, 0)).toBeCloseTo(0, 6);
	});

	it("reads the latest rubric's verdicts, and gives no interval on a single task", () => {
		const target = store(["m1", "m2"]);
		judged(target, "t1", "m1", "m2", ["a", "b"], "old-rubric");
		judged(target, "t1", "m1", "m2", ["b", "a"], "pairwise-rubric-1");
		const ratings = judgeRatings(target.store, target.useCaseId, { samples: 50 });
		expect(ratings.ratings.map((rating) => rating.model_id)).toEqual(["m2", "m1"]);
		expect(ratings.ratings.every((rating) => rating.interval === null)).toBe(true);
		const old = judgeRatings(target.store, target.useCaseId, { rubricVersion: "old-rubric", samples: 50 });
		expect(old.ratings[0]?.model_id).toBe("m1");
		expect(judgeRatings(store(["m1", "m2"]).store, "tasks-fixture")).toMatchObject({
			ratings: [],
			pairs: 0,
			rubric_version: null,
		});
	});
});
