import { afterEach, describe, expect, it } from "vitest";
import { taskFacts } from "../../src/views/index.js";
import { type TaskStore, taskStore } from "../support/task-store.js";

let fixture: TaskStore;
afterEach(() => fixture.remove());

describe("taskFacts, the per-task read of a task use case", () => {
	it("tallies passes per task and tier from the spec's thresholds, keeps each attempt's effort, and leaves errors out of both", () => {
		fixture = taskStore({
			tasks: [
				{ id: "easy", kind: "floor" },
				{ id: "hard", kind: "ceiling" },
				{ id: "graded", kind: "frontier", threshold: 0.5 },
			],
			models: ["m/a", "m/b"],
		});
		const { record } = fixture;
		record({ task: "easy", model: "m/a", sample: 0, value: 1, agent: { turns: 4, calls: 6, malformed: 1 } });
		record({ task: "easy", model: "m/a", sample: 1, value: 0, cost_usd: null, agent: { turns: 9, calls: 2 } });
		record({ task: "hard", model: "m/a", value: null, status: "harness_error" });
		record({ task: "graded", model: "m/a", value: 0.5, graded: true, input_tokens: null });
		record({ task: "graded", model: "m/a", sample: 1, value: null });
		record({ task: "easy", model: "m/b", value: 1 });
		// A row of an older definition is not read at all.
		record({ task: "hard", model: "m/b", value: 1, stale: true });

		const facts = taskFacts(fixture.store, fixture.useCaseId);
		expect(facts.tasks.map((task) => [task.case_id, task.kind, task.threshold])).toEqual([
			["easy", "floor", 1],
			["hard", "ceiling", 1],
			["graded", "frontier", 0.5],
		]);
		const [a, b] = facts.groups;
		expect(a?.model_id).toBe("m/a");
		expect([...(a?.tasks.values() ?? [])]).toEqual([
			{ case_id: "easy", kind: "floor", samples: 2, passes: 1, score_sum: 1, harness_errors: 0, grader_errors: 0 },
			{ case_id: "hard", kind: "ceiling", samples: 0, passes: 0, score_sum: 0, harness_errors: 1, grader_errors: 0 },
			{
				case_id: "graded",
				kind: "frontier",
				samples: 1,
				passes: 1,
				score_sum: 0.5,
				harness_errors: 0,
				grader_errors: 1,
			},
		]);
		expect(a?.attempts).toMatchObject([
			{
				case_id: "easy",
				sample_index: 0,
				value: 1,
				passed: true,
				tokens: 150,
				turns: 4,
				wall_ms: 1000,
				cost_usd: 0.01,
				tool_calls: 6,
				malformed_tool_calls: 1,
			},
			{
				case_id: "easy",
				sample_index: 1,
				value: 0,
				passed: false,
				tokens: 150,
				turns: 9,
				wall_ms: 1000,
				cost_usd: null,
				tool_calls: 2,
				malformed_tool_calls: 0,
			},
			{
				case_id: "graded",
				sample_index: 0,
				value: 0.5,
				passed: true,
				tokens: null,
				turns: null,
				wall_ms: 1000,
				cost_usd: 0.01,
				tool_calls: null,
				malformed_tool_calls: null,
			},
		]);
		expect(b?.model_id).toBe("m/b");
		expect([...(b?.tasks.keys() ?? [])]).toEqual(["easy"]);
	});

	it("is read again when a row is added, not served from memory", () => {
		fixture = taskStore({ tasks: [{ id: "easy", kind: "floor" }], models: ["m/a"] });
		fixture.record({ task: "easy", model: "m/a", value: 0 });
		expect(taskFacts(fixture.store, fixture.useCaseId).groups[0]?.tasks.get("easy")?.passes).toBe(0);
		fixture.record({ task: "easy", model: "m/a", value: 1 });
		expect(taskFacts(fixture.store, fixture.useCaseId).groups[0]?.tasks.get("easy")?.passes).toBe(1);
	});
});
