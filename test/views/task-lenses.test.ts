import { afterEach, describe, expect, it } from "vitest";
import { leaderboard } from "../../src/views/index.js";
import { type TaskStore, taskStore } from "../support/task-store.js";

let fixture: TaskStore;
afterEach(() => fixture.remove());

const TASKS = [
	{ id: "f1", kind: "floor" as const },
	{ id: "h1", kind: "ceiling" as const },
	{ id: "h2", kind: "ceiling" as const },
];

describe("the self-host and cloud lenses of a task use case's rows", () => {
	it("takes medians of tokens, turns and wall time per graded attempt, and tool reliability over all calls", () => {
		fixture = taskStore({ tasks: TASKS, models: ["m/a"] });
		const { record } = fixture;
		record({
			task: "f1",
			model: "m/a",
			value: 1,
			input_tokens: 100,
			output_tokens: 20,
			latency_ms: 4000,
			agent: { turns: 3, calls: 8, malformed: 2 },
		});
		record({
			task: "h1",
			model: "m/a",
			value: 1,
			input_tokens: 300,
			output_tokens: 60,
			latency_ms: 1000,
			agent: { turns: 9, calls: 2 },
		});
		record({
			task: "h2",
			model: "m/a",
			value: 0,
			input_tokens: 500,
			output_tokens: null,
			latency_ms: 2000,
			agent: { turns: 5, calls: 0 },
		});
		// A harness error is excluded from every figure, its tool calls and time too.
		record({
			task: "h2",
			model: "m/a",
			sample: 1,
			value: null,
			status: "harness_error",
			latency_ms: 90_000,
			agent: { turns: 40, calls: 40, malformed: 40 },
		});
		const [row] = leaderboard(fixture.store, fixture.useCaseId).rows;
		expect(row?.lenses?.self_host).toEqual({
			hard_passes: 1,
			hard_tasks: 2,
			// 120 and 360 (the third attempt's tokens are unknown): the median of two.
			median_tokens: 240,
			median_turns: 5,
			tool_reliability: 8 / 10,
			tool_calls: 10,
		});
		expect(row?.lenses?.cloud.median_wall_ms).toBe(2000);
	});

	it("says null for tool reliability without tool calls, and for turns a single-shot attempt does not record", () => {
		fixture = taskStore({ tasks: TASKS, models: ["m/a"] });
		fixture.record({ task: "f1", model: "m/a", value: 1 });
		const [row] = leaderboard(fixture.store, fixture.useCaseId).rows;
		expect(row?.lenses?.self_host).toMatchObject({ tool_reliability: null, tool_calls: 0, median_turns: null });
	});

	it("divides cost by solves, flags a lower bound when some costs are unknown, and is null without a solve", () => {
		fixture = taskStore({ tasks: TASKS, models: ["m/known", "m/partial", "m/none", "m/unpriced"] });
		const { record } = fixture;
		record({ task: "f1", model: "m/known", value: 1, cost_usd: 0.3 });
		record({ task: "h1", model: "m/known", value: 0, cost_usd: 0.1 });
		record({ task: "h2", model: "m/known", value: 1, cost_usd: 0.2 });
		record({ task: "f1", model: "m/partial", value: 1, cost_usd: 0.3 });
		record({ task: "h1", model: "m/partial", value: 0, cost_usd: null });
		record({ task: "f1", model: "m/none", value: 0, cost_usd: 0.3 });
		record({ task: "f1", model: "m/unpriced", value: 1, cost_usd: null });
		const rows = leaderboard(fixture.store, fixture.useCaseId).rows;
		const cloud = (model: string) => rows.find((row) => row.model_id === model)?.lenses?.cloud;
		expect(cloud("m/known")).toMatchObject({ solves: 2, unknown_cost: 0, lower_bound: false });
		expect(cloud("m/known")?.cost_usd).toBeCloseTo(0.6, 12);
		expect(cloud("m/known")?.cost_per_solve_usd).toBeCloseTo(0.3, 12);
		expect(cloud("m/partial")).toMatchObject({ solves: 1, unknown_cost: 1, lower_bound: true });
		expect(cloud("m/partial")?.cost_per_solve_usd).toBeCloseTo(0.3, 12);
		expect(cloud("m/none")).toMatchObject({ solves: 0, cost_per_solve_usd: null, lower_bound: false });
		expect(cloud("m/unpriced")).toMatchObject({ cost_usd: null, cost_per_solve_usd: null, unknown_cost: 1 });
	});
});
