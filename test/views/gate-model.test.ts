import { afterEach, describe, expect, it } from "vitest";
import { type LeaderboardRow, leaderboard } from "../../src/views/index.js";
import { type FixtureTask, type TaskStore, taskStore } from "../support/task-store.js";

let fixture: TaskStore;
afterEach(() => fixture.remove());

const FLOOR: FixtureTask[] = ["f1", "f2", "f3", "f4"].map((id) => ({ id, kind: "floor" }));
const TASKS: FixtureTask[] = [
	...FLOOR,
	{ id: "h1", kind: "ceiling" },
	{ id: "h2", kind: "ceiling" },
	{ id: "x1", kind: "frontier", threshold: 0.5 },
];

/** Records one attempt per task of `values` (task id → headline; `harness` for a harness error). */
function attempts(model: string, values: Record<string, number | "harness" | "grader">, cost = 0.01): void {
	for (const [task, value] of Object.entries(values))
		fixture.record({
			task,
			model,
			cost_usd: cost,
			...(value === "harness"
				? { value: null, status: "harness_error" as const }
				: value === "grader"
					? { value: null }
					: { value, graded: task.startsWith("x") }),
		});
}

const passAll = { f1: 1, f2: 1, f3: 1, f4: 1 };
const rowOf = (rows: readonly LeaderboardRow[], model: string) => {
	const row = rows.find((item) => item.model_id === model);
	if (row === undefined) throw new Error(`no row for ${model}`);
	return row;
};

describe("the gate model on a task use case's leaderboard", () => {
	it("qualifies at exactly the tolerance of floor misses and disqualifies at one more", () => {
		fixture = taskStore({ tasks: TASKS, models: ["m/one-miss", "m/two-misses", "m/failed"] });
		attempts("m/one-miss", { ...passAll, f4: 0 });
		attempts("m/two-misses", { ...passAll, f3: 0, f4: 0, h1: 1, h2: 1 });
		// A model's own failure (a timeout, a crash of its command) is graded: a miss, never excluded.
		fixture.record({ task: "f1", model: "m/failed", value: 0, status: "timeout" });
		attempts("m/failed", { f2: 1, f3: 1, f4: 1 });
		const board = leaderboard(fixture.store, fixture.useCaseId);
		expect(board.floor_miss_tolerance).toBe(1);
		expect(rowOf(board.rows, "m/one-miss")).toMatchObject({
			qualified: true,
			floor_tasks: 4,
			floor_misses: 1,
			floor_unmeasured: 0,
		});
		expect(rowOf(board.rows, "m/two-misses")).toMatchObject({ qualified: false, floor_misses: 2, rank: null });
		expect(rowOf(board.rows, "m/failed")).toMatchObject({ qualified: true, floor_misses: 1, floor_unmeasured: 0 });
		// Its two hard passes do not rank a disqualified model above the qualified ones.
		expect(board.rows.slice(0, 2).map((row) => row.rank)).toEqual([1, 1]);
		expect(board.rows.at(-1)?.model_id).toBe("m/two-misses");
	});

	it("reads the tolerance from the spec: at 0 one miss disqualifies, at 2 two misses qualify", () => {
		for (const [tolerance, qualified] of [
			[0, [false, false]],
			[2, [true, true]],
		] as const) {
			fixture = taskStore({ tasks: TASKS, models: ["m/a", "m/b"], floorMissTolerance: tolerance });
			attempts("m/a", { ...passAll, f4: 0 });
			attempts("m/b", { ...passAll, f3: 0, f4: 0 });
			const board = leaderboard(fixture.store, fixture.useCaseId);
			expect(board.floor_miss_tolerance).toBe(tolerance);
			expect([rowOf(board.rows, "m/a").qualified, rowOf(board.rows, "m/b").qualified]).toEqual(qualified);
			fixture.remove();
		}
		fixture = taskStore({ tasks: TASKS, models: ["m/a"] });
	});

	it("passes a floor task on the mean headline of its graded attempts, as the leaderboard's pass", () => {
		fixture = taskStore({
			tasks: [
				{ id: "f1", kind: "floor", threshold: 0.5 },
				{ id: "f2", kind: "floor" },
				{ id: "f3", kind: "floor" },
			],
			models: ["m/a"],
			floorMissTolerance: 0,
		});
		// f1: mean 0.5 reaches 0.5 (a pass); f2: 1 and 0, mean 0.5 below 1 (a miss, though one sample passed).
		fixture.record({ task: "f1", model: "m/a", sample: 0, value: 1 });
		fixture.record({ task: "f1", model: "m/a", sample: 1, value: 0 });
		fixture.record({ task: "f2", model: "m/a", sample: 0, value: 1 });
		fixture.record({ task: "f2", model: "m/a", sample: 1, value: 0 });
		fixture.record({ task: "f3", model: "m/a", value: 1 });
		const [row] = leaderboard(fixture.store, fixture.useCaseId).rows;
		expect(row).toMatchObject({ floor_misses: 1, qualified: false, passed_cases: 2 });
	});

	it("counts floor tasks without a graded attempt as unmeasured: never a pass, never a miss, never a silent qualification", () => {
		fixture = taskStore({ tasks: TASKS, models: ["m/covered", "m/open", "m/lost", "m/unrun", "m/out"] });
		// One unmeasured floor task and no miss: qualified even if it were a miss.
		attempts("m/covered", { ...passAll, f1: "harness" });
		// One miss and one unmeasured: a miss there would disqualify it, so it is undecided.
		attempts("m/open", { ...passAll, f1: "harness", f2: 0 });
		// Two lost to errors (a harness error, a grader error): undecided, not disqualified.
		attempts("m/lost", { ...passAll, f1: "harness", f2: "grader", h1: 1 });
		// Two floor tasks never run: the same.
		attempts("m/unrun", { f1: 1, f2: 1, h1: 1, h2: 1 });
		// Two misses already: disqualified whatever the unmeasured one would say.
		attempts("m/out", { ...passAll, f1: "harness", f2: 0, f3: 0 });
		const board = leaderboard(fixture.store, fixture.useCaseId);
		const standing = (model: string) => {
			const row = rowOf(board.rows, model);
			return [row.qualified, row.floor_misses, row.floor_unmeasured, row.rank];
		};
		expect(standing("m/covered")).toEqual([true, 0, 1, 1]);
		expect(standing("m/open")).toEqual([null, 1, 1, null]);
		expect(standing("m/lost")).toEqual([null, 0, 2, null]);
		expect(standing("m/unrun")).toEqual([null, 0, 2, null]);
		expect(standing("m/out")).toEqual([false, 2, 1, null]);
		expect(rowOf(board.rows, "m/lost").harness_errors).toBe(1);
		// Only the qualified model is a candidate, though the undecided ones passed hard tasks.
		expect(board.decision.best?.model_id).toBe("m/covered");
		expect(board.decision.candidates.map((item) => item.model_id)).toEqual(["m/covered"]);
		expect(board.decision.notes.join("\n")).toMatch(/undecided.*m\/open \(1 unmeasured\)/);
	});

	it("ranks the qualified by hard passes, then frontier mean, then cost, ties sharing a rank; references unranked", () => {
		fixture = taskStore({
			tasks: TASKS,
			models: ["m/hard", "m/frontier", "m/cheap", "m/dear", "m/twin", "builtin/gold"],
			references: ["builtin/gold"],
		});
		attempts("m/hard", { ...passAll, h1: 1, h2: 1, x1: 0 }, 0.5);
		attempts("m/frontier", { ...passAll, h1: 1, x1: 0.75 }, 0.5);
		attempts("m/cheap", { ...passAll, h1: 1, x1: 0.25 }, 0.01);
		attempts("m/dear", { ...passAll, h1: 1, x1: 0.25 }, 0.02);
		attempts("m/twin", { ...passAll, h1: 1, x1: 0.25 }, 0.02);
		attempts("builtin/gold", { ...passAll, h1: 1, h2: 1, x1: 1 }, 0);
		const board = leaderboard(fixture.store, fixture.useCaseId);
		expect(board.rows.map((row) => [row.model_id, row.rank])).toEqual([
			["m/hard", 1],
			["m/frontier", 2],
			["m/cheap", 3],
			["m/dear", 4],
			["m/twin", 4],
			["builtin/gold", null],
		]);
		expect(rowOf(board.rows, "m/frontier")).toMatchObject({ hard_passes: 1, hard_tasks: 2, frontier_n: 1 });
		expect(rowOf(board.rows, "m/frontier").frontier_mean).toBeCloseTo(0.75, 12);
		expect(rowOf(board.rows, "builtin/gold")).toMatchObject({ qualified: true, hard_passes: 2, reference: true });
		// The best is the gate's rank 1, not the best headline (m/frontier's 6.75/7 beats m/hard's 6/7).
		expect(rowOf(board.rows, "m/frontier").headline).toBeGreaterThan(rowOf(board.rows, "m/hard").headline ?? 1);
		expect(board.decision.best?.model_id).toBe("m/hard");
	});

	it("averages the frontier score per task first, graded or 1/0, and is null with no frontier task graded", () => {
		fixture = taskStore({
			tasks: [...FLOOR, { id: "x1", kind: "frontier", threshold: 0.5 }, { id: "x2", kind: "frontier" }],
			models: ["m/a", "m/b"],
		});
		attempts("m/a", { ...passAll, x2: 1 });
		fixture.record({ task: "x1", model: "m/a", sample: 0, value: 0.2, graded: true });
		fixture.record({ task: "x1", model: "m/a", sample: 1, value: 0.6, graded: true });
		fixture.record({ task: "x1", model: "m/a", sample: 2, value: 0.4, graded: true });
		attempts("m/b", { ...passAll, x1: "harness" });
		const board = leaderboard(fixture.store, fixture.useCaseId);
		// x1: mean 0.4 over three samples; x2: 1 (binary). Over tasks: 0.7, not the 2.2 / 4 of attempts.
		expect(rowOf(board.rows, "m/a").frontier_mean).toBeCloseTo(0.7, 12);
		expect(rowOf(board.rows, "m/a").frontier_n).toBe(2);
		expect(rowOf(board.rows, "m/b")).toMatchObject({ frontier_mean: null, frontier_n: 0 });
	});

	it("makes the decision among the qualified only: a cheaper, better-scoring disqualified model is never picked", () => {
		fixture = taskStore({ tasks: TASKS, models: ["m/steady", "m/flaky"] });
		attempts("m/steady", { ...passAll, f4: 0, h1: 0, h2: 0, x1: 0 }, 0.05);
		attempts("m/flaky", { f1: 1, f2: 0, f3: 0, f4: 1, h1: 1, h2: 1, x1: 1 }, 0.001);
		const board = leaderboard(fixture.store, fixture.useCaseId);
		expect(rowOf(board.rows, "m/flaky").headline).toBeGreaterThan(rowOf(board.rows, "m/steady").headline ?? 1);
		expect(board.rows.map((row) => row.model_id)).toEqual(["m/steady", "m/flaky"]);
		const { best, cheapest_good_enough, fastest_good_enough } = board.decision;
		expect([best?.model_id, cheapest_good_enough?.model_id, fastest_good_enough?.model_id]).toEqual([
			"m/steady",
			"m/steady",
			"m/steady",
		]);
		expect(board.decision.notes.join("\n")).toContain("not qualified, too many floor misses");
		expect(board.decision.notes.join("\n")).toContain("m/flaky (2 misses)");
	});

	it("says no model qualifies when none does, and picks nothing", () => {
		fixture = taskStore({ tasks: TASKS, models: ["m/a"] });
		attempts("m/a", { f1: 0, f2: 0, f3: 1, f4: 1 });
		const { decision } = leaderboard(fixture.store, fixture.useCaseId);
		expect(decision.best).toBeNull();
		expect(decision.notes.join("\n")).toContain("no model qualifies on the floor");
	});

	it("gives unbiased pass@k and pass^k with k = the spec's samples (3), averaged over the tasks with k samples", () => {
		fixture = taskStore({ tasks: [...FLOOR, { id: "h1", kind: "ceiling" }], models: ["m/a", "m/one"], samples: 3 });
		const samples = (model: string, task: string, values: readonly (number | "harness")[]) => {
			for (const [sample, value] of values.entries())
				fixture.record(
					value === "harness"
						? { task, model, sample, value: null, status: "harness_error" }
						: { task, model, sample, value },
				);
		};
		samples("m/a", "f1", [1, 1, 1]); // pass@3 1, pass^3 1
		samples("m/a", "f2", [1, 0, 0]); // pass@3 1, pass^3 0
		samples("m/a", "f3", [0, 0, 0]); // 0, 0
		samples("m/a", "f4", [1, 1, "harness"]); // two graded samples: fewer than k, left out
		samples("m/a", "h1", [1, 1, 1, 0]); // n 4, c 3: pass@3 1, pass^3 C(3,3)/C(4,3) = 1/4
		samples("m/one", "f1", [1]);
		const board = leaderboard(fixture.store, fixture.useCaseId);
		const a = rowOf(board.rows, "m/a");
		expect(a.pass_at_k).toMatchObject({ k: 3, n: 4 });
		expect(a.pass_at_k?.value).toBeCloseTo(3 / 4, 12);
		expect(a.pass_hat_k).toMatchObject({ k: 3, n: 4 });
		expect(a.pass_hat_k?.value).toBeCloseTo((1 + 0 + 0 + 1 / 4) / 4, 12);
		expect(rowOf(board.rows, "m/one")).toMatchObject({
			pass_at_k: { k: 3, value: null, n: 0 },
			pass_hat_k: { k: 3, value: null, n: 0 },
		});
	});

	it("leaves pass@k out with one sample per cell", () => {
		fixture = taskStore({ tasks: FLOOR, models: ["m/a"] });
		attempts("m/a", passAll);
		expect(leaderboard(fixture.store, fixture.useCaseId).rows[0]).toMatchObject({ pass_at_k: null, pass_hat_k: null });
	});
});
