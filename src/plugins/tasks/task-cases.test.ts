import { describe, expect, it } from "vitest";
import { type LoadedTask, SINGLE_SHOT_TASK_HARNESS, type TaskMode } from "../../contract/index.js";
import { taskCase } from "./task-cases.js";

/** A loaded task with only what taskCase reads. */
function loaded(mode: TaskMode, gold_diff_lines: number | null = null): LoadedTask {
	const task = {
		id: "fix-sum",
		version: "1",
		tier: "easy",
		mode,
		prompt: "Fix sum().",
		target_files: ["src/sum.mjs"],
		budget: { turns: 1, tokens: null, timeout_s: 300, cost_usd: null },
		tools: { shell: false },
		axes: [],
		metadata: {},
		gold_diff_lines,
		verifier: { kind: "tests", args: { pass_threshold: 1 } },
	};
	return {
		entry: { task },
		fixture_dir: "/nowhere",
		fixture_hash: "f".repeat(64),
		verifier_hash: "v".repeat(64),
		runtime: null,
	} as unknown as LoadedTask;
}

describe("a task as a case", () => {
	it("puts the single-shot harness in the input of single-shot tasks only, so bumping it re-runs just them", () => {
		const { id, version } = SINGLE_SHOT_TASK_HARNESS;
		expect(taskCase(loaded("single-shot"), "code-fix").input.harness).toBe(`${id}@${version}`);
		expect(Object.hasOwn(taskCase(loaded("agentic"), "code-fix").input, "harness")).toBe(false);
	});

	it("keeps norms out of the cell key: a passing cell gains its record without re-running billed cells", () => {
		// Seed 001: older records stay readable without re-running; the record names its own version.
		const key = (task: LoadedTask) =>
			JSON.stringify([taskCase(task, "code-fix").input, taskCase(task, "code-fix").reference]);
		expect(key(loaded("agentic", 9))).toBe(key(loaded("agentic")));
		expect(JSON.stringify(taskCase(loaded("agentic", 9), "code-fix"))).not.toContain("norms");
	});
});
