import { afterEach, describe, expect, it } from "vitest";
import type { IndexSettings, TaskAxis } from "../../src/contract/index.js";
import { type JudgeRatings, type RoleIndex, type RoleIndexOptions, roleIndex } from "../../src/views/index.js";
import { type FixtureTask, type TaskStore, taskStore } from "../support/task-store.js";

let fixture: TaskStore;
afterEach(() => fixture.remove());

const settings = (roles: IndexSettings["roles"], extra: Partial<IndexSettings> = {}): IndexSettings => ({
	roles,
	min_n: 1,
	tolerance: 0.05,
	...extra,
});

/** The index of the fixture's use case, its tasks tagged as `axes` says. */
function index(
	options: { settings: IndexSettings; axes?: Record<string, TaskAxis[]>; judge?: JudgeRatings | null } & Partial<
		Pick<RoleIndexOptions, "roles" | "bootstrap">
	>,
): RoleIndex {
	return roleIndex(fixture.store, {
		settings: options.settings,
		useCases: [
			{
				use_case_id: fixture.useCaseId,
				task_axes: new Map(Object.entries(options.axes ?? {})),
				judge: options.judge ?? null,
			},
		],
		roles: options.roles,
		bootstrap: options.bootstrap,
	});
}

const rowOf = (result: RoleIndex, model: string, role = result.roles[0]?.role) =>
	result.roles.find((ranking) => ranking.role === role)?.rows.find((row) => row.model_id === model);
const modelOf = (result: RoleIndex, model: string) => result.models.find((item) => item.model_id === model);

/** `n` floor tasks `f0`…, and the hard and frontier tasks given. */
const floors = (n: number, more: FixtureTask[] = []): FixtureTask[] => [
	...Array.from({ length: n }, (_, at) => ({ id: `f${at}`, kind: "floor" as const })),
	...more,
];

function ratings(entries: [model: string, rating: number, component?: number][]): JudgeRatings {
	return {
		use_case_id: "tasks-fixture",
		rubric_version: "pairwise-rubric-1",
		ratings: entries.map(([model_id, rating, component]) => ({
			model_id,
			harness: "agent",
			rating,
			interval: null,
			p_top: null,
			comparisons: 4,
			tasks: 2,
			component: component ?? 0,
		})),
		connected: entries.every(([, , component]) => (component ?? 0) === 0),
		pairs: 4,
		flips: 0,
		level: 0.9,
	};
}

describe("the per-role index", () => {
	it("scores each axis from the tasks behind it, drops an axis a model was never measured on and renormalises the rest", () => {
		fixture = taskStore({
			tasks: floors(2, [
				{ id: "hard", kind: "ceiling", threshold: 0.5 },
				{ id: "guard", kind: "floor" },
			]),
			models: ["m/a", "m/b"],
		});
		const { record } = fixture;
		for (const task of ["f0", "f1"]) record({ task, model: "m/a", value: 1, norms: 0.8 });
		record({ task: "hard", model: "m/a", value: 0.5, graded: true });
		record({ task: "guard", model: "m/a", value: 0 });
		record({ task: "f0", model: "m/b", value: 1 });
		record({ task: "f1", model: "m/b", value: 0 });
		// m/b's hard attempt was lost to the harness: excluded, counted, no frontier score.
		record({ task: "hard", model: "m/b", value: null, status: "harness_error" });

		const weights = { correctness: 2, frontier: 1, security: 1, norms: 1 };
		const result = index({ settings: settings({ implementer: weights }), axes: { guard: ["security"] } });
		const a = modelOf(result, "m/a");
		expect(a?.axes.correctness).toEqual({ score: 2 / 3, n: 3, below_min_n: false });
		expect(a?.axes.frontier).toEqual({ score: 0.5, n: 1, below_min_n: false });
		expect(a?.axes.security).toEqual({ score: 0, n: 1, below_min_n: false });
		expect(a?.axes.norms).toEqual({ score: 0.8, n: 2, below_min_n: false });
		expect(a?.axes.judge).toEqual({ score: null, n: 0, below_min_n: false });
		expect(rowOf(result, "m/a")?.index).toBeCloseTo((2 * (2 / 3) + 0.5 + 0 + 0.8) / 5, 12);

		const b = rowOf(result, "m/b");
		expect(modelOf(result, "m/b")?.harness_errors).toBe(1);
		expect(b?.dropped).toEqual(["frontier", "security", "norms"]);
		expect(b?.weights).toEqual({ correctness: 1 });
		expect(b?.index).toBe(0.5);
		// Best first.
		expect(result.roles[0]?.rows.map((row) => row.model_id)).toEqual(["m/a", "m/b"]);
	});

	it("flags an axis measured on fewer than min_n tasks, and still counts it", () => {
		fixture = taskStore({ tasks: floors(3, [{ id: "hard", kind: "ceiling" }]), models: ["m/a"] });
		for (const task of ["f0", "f1", "f2", "hard"]) fixture.record({ task, model: "m/a", value: 1 });
		const result = index({ settings: settings({ r: { correctness: 1, frontier: 1 } }, { min_n: 2 }) });
		expect(modelOf(result, "m/a")?.axes.frontier.below_min_n).toBe(true);
		expect(modelOf(result, "m/a")?.axes.correctness.below_min_n).toBe(false);
		expect(rowOf(result, "m/a")?.flagged).toEqual(["frontier"]);
		expect(rowOf(result, "m/a")?.weights).toEqual({ correctness: 0.5, frontier: 0.5 });
	});

	it("min-max normalises the judge's ratings over the rated models; a tie is 0.5, one rated model or another component scores nobody", () => {
		fixture = taskStore({ tasks: floors(2), models: ["m/a", "m/b", "m/c", "m/d"] });
		for (const model of ["m/a", "m/b", "m/c", "m/d"])
			for (const task of ["f0", "f1"]) fixture.record({ task, model, value: 1 });
		const judged = (judge: JudgeRatings) => index({ settings: settings({ r: { correctness: 1, judge: 1 } }), judge });

		const spread = judged(
			ratings([
				["m/a", 120],
				["m/b", 20],
				["m/c", -30],
				["m/d", 999, 1],
			]),
		);
		expect(modelOf(spread, "m/a")?.axes.judge).toEqual({ score: 1, n: 2, below_min_n: false });
		expect(modelOf(spread, "m/b")?.axes.judge.score).toBeCloseTo(1 / 3, 12);
		expect(modelOf(spread, "m/c")?.axes.judge.score).toBe(0);
		// m/d is rated in another component: not comparable, left off the axis, and said so.
		expect(modelOf(spread, "m/d")?.axes.judge.score).toBeNull();
		expect(rowOf(spread, "m/d")?.index).toBe(1);
		expect(spread.notes.join("\n")).toMatch(/not connected; m\/d is not compared/);
		expect(rowOf(spread, "m/b")?.index).toBeCloseTo((1 + 1 / 3) / 2, 12);

		const tie = judged(
			ratings([
				["m/a", 0],
				["m/b", 0],
			]),
		);
		expect([modelOf(tie, "m/a")?.axes.judge.score, modelOf(tie, "m/b")?.axes.judge.score]).toEqual([0.5, 0.5]);
		expect(modelOf(tie, "m/c")?.axes.judge.score).toBeNull();

		const alone = judged(ratings([["m/a", 40]]));
		expect(modelOf(alone, "m/a")?.axes.judge.score).toBeNull();
		expect(alone.notes.join("\n")).toContain("the judge rated only m/a");
		expect(alone.notes.join("\n")).not.toContain("no pairwise-judge ratings");
		const unjudged = index({ settings: settings({ r: { correctness: 1, judge: 1 } }) });
		expect(unjudged.notes).toContain(
			"no pairwise-judge ratings (touchstone judge) for these use cases: the judge axis drops out for every model",
		);
	});

	it("bootstraps the interval over the model's tasks: seeded, none with one task, wide with two, narrower with many", () => {
		// Frontier tasks graded on a scale, so the resampled means are fine-grained.
		const tasks = Array.from({ length: 20 }, (_, at) => ({ id: `t${at}`, kind: "frontier" as const, threshold: 0.5 }));
		fixture = taskStore({ tasks, models: ["m/one", "m/two", "m/many"] });
		const graded = (task: string, model: string, value: number) => fixture.record({ task, model, value, graded: true });
		graded("t0", "m/one", 1);
		graded("t0", "m/two", 1);
		graded("t1", "m/two", 0);
		const values = Array.from({ length: 20 }, (_, at) => ((at * 7) % 20) / 19);
		for (const [at, value] of values.entries()) graded(`t${at}`, "m/many", value);
		const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
		const options = { settings: settings({ r: { frontier: 1 } }) };
		const first = index(options);
		expect(rowOf(index(options), "m/many")?.interval).toEqual(rowOf(first, "m/many")?.interval);
		expect(rowOf(first, "m/one")?.interval).toBeNull();
		// Two tasks, 0 and 1: a resample is both 0 a quarter of the time, both 1 another quarter.
		expect(rowOf(first, "m/two")?.interval).toEqual({ low: 0, high: 1 });
		const many = rowOf(first, "m/many")?.interval;
		expect(rowOf(first, "m/many")?.index).toBeCloseTo(mean, 12);
		expect((many?.high ?? 1) - (many?.low ?? 0)).toBeLessThan(0.5);
		expect(many?.low).toBeLessThan(mean);
		expect(many?.high).toBeGreaterThan(mean);
		// Another seed draws other resamples (the interval moves a little); a wider level widens it.
		const reseeded = rowOf(index({ ...options, bootstrap: { samples: 1_000, seed: 2, level: 0.9 } }), "m/many");
		expect(reseeded?.interval).not.toEqual(many);
		expect(reseeded?.index).toBeCloseTo(mean, 12);
		const widened = rowOf(index({ ...options, bootstrap: { samples: 1_000, seed: 1, level: 0.99 } }), "m/many");
		expect((widened?.interval?.high ?? 0) - (widened?.interval?.low ?? 0)).toBeGreaterThan(
			(many?.high ?? 0) - (many?.low ?? 0),
		);
	});

	it("names the best, and the cheapest and the fastest within tolerance of it; unknown cost is never the cheapest", () => {
		fixture = taskStore({ tasks: floors(20), models: ["m/best", "m/near", "m/fast", "m/unpriced", "m/partly"] });
		const runs: [string, number, number | null, number][] = [
			// model, passes of 20, cost per attempt, wall ms
			["m/best", 20, 0.05, 3000],
			["m/near", 19, 0.01, 2000],
			["m/fast", 18, 0.001, 100],
			["m/unpriced", 20, null, 2500],
		];
		for (const [model, passes, cost, wall] of runs)
			for (let at = 0; at < 20; at++)
				fixture.record({ task: `f${at}`, model, value: at < passes ? 1 : 0, cost_usd: cost, latency_ms: wall });
		// Half its costs unknown: the known half is the cheapest of all, and must not make it "cheapest".
		for (let at = 0; at < 20; at++)
			fixture.record({
				task: `f${at}`,
				model: "m/partly",
				value: 1,
				cost_usd: at % 2 ? null : 0.0001,
				latency_ms: 2600,
			});
		const ranked = (tolerance: number) =>
			index({ settings: settings({ r: { correctness: 1 } }, { tolerance }) }).roles[0];

		const tight = ranked(0.05);
		expect(tight?.best?.model_id).toBe("m/best");
		expect(tight?.cheapest).toMatchObject({ model_id: "m/near", index: 0.95 });
		expect(tight?.cheapest?.cost_per_task_usd).toBeCloseTo(0.01, 12);
		expect(tight?.fastest).toMatchObject({ model_id: "m/near", p50_wall_ms: 2000 });
		expect(tight?.notes.join("\n")).toContain(
			'cost unknown (or partly unknown) for m/partly, m/unpriced: left out of "cheapest"',
		);

		const loose = ranked(0.1);
		expect([loose?.cheapest?.model_id, loose?.fastest?.model_id]).toEqual(["m/fast", "m/fast"]);
		const none = ranked(0);
		expect([none?.cheapest?.model_id, none?.fastest?.model_id]).toEqual(["m/best", "m/unpriced"]);
		const unpriced = index({ settings: settings({ r: { correctness: 1 } }) }).models.find(
			(model) => model.model_id === "m/unpriced",
		);
		expect(unpriced).toMatchObject({ cost_per_task_usd: null, unknown_cost: 20 });
		const partly = index({ settings: settings({ r: { correctness: 1 } }) }).models.find(
			(model) => model.model_id === "m/partly",
		);
		expect(partly?.unknown_cost).toBe(10);
		expect(partly?.cost_per_task_usd).toBeCloseTo(0.0001, 12);
	});

	it("shows the reference policies but never names them best, cheapest or fastest", () => {
		fixture = taskStore({
			tasks: floors(2),
			models: ["builtin/gold", "builtin/baseline", "m/a"],
			references: ["builtin/gold", "builtin/baseline"],
		});
		for (const task of ["f0", "f1"]) {
			fixture.record({ task, model: "builtin/gold", value: 1, cost_usd: 0, latency_ms: 1 });
			fixture.record({ task, model: "builtin/baseline", value: 0, cost_usd: 0, latency_ms: 1 });
		}
		const onlyReferences = index({ settings: settings({ r: { correctness: 1 } }) }).roles[0];
		expect(onlyReferences?.rows.map((row) => [row.model_id, row.reference, row.index])).toEqual([
			["builtin/gold", true, 1],
			["builtin/baseline", true, 0],
		]);
		expect([onlyReferences?.best, onlyReferences?.cheapest, onlyReferences?.fastest]).toEqual([null, null, null]);
		expect(onlyReferences?.notes[0]).toContain("only reference policies have an index");

		fixture.record({ task: "f0", model: "m/a", value: 1 });
		fixture.record({ task: "f1", model: "m/a", value: 0 });
		const withModel = index({ settings: settings({ r: { correctness: 1 } }, { tolerance: 1 }) }).roles[0];
		expect([withModel?.best?.model_id, withModel?.cheapest?.model_id, withModel?.fastest?.model_id]).toEqual([
			"m/a",
			"m/a",
			"m/a",
		]);
	});

	it("answers only the roles asked for, identically, and refuses a role the settings lack", () => {
		fixture = taskStore({ tasks: floors(3), models: ["m/a"] });
		for (const task of ["f0", "f1", "f2"]) fixture.record({ task, model: "m/a", value: task === "f0" ? 0 : 1 });
		const roles = { planner: { correctness: 1 }, reviewer: { correctness: 1, review: 3 } };
		const all = index({ settings: settings(roles) });
		const one = index({ settings: settings(roles), roles: ["reviewer"] });
		expect(one.roles.map((ranking) => ranking.role)).toEqual(["reviewer"]);
		expect(one.roles[0]).toEqual(all.roles[1]);
		expect(() => index({ settings: settings(roles), roles: ["coder"] })).toThrow(/no role coder/);
	});
});
