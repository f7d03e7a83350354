import { describe, expect, it } from "vitest";
import { type LoadedTask, SINGLE_SHOT_TASK_HARNESS, type TaskMode } from "../../contract/index.js";
import { taskCase } from "./task-cases.js";

/** A loaded task with only what taskCase reads. */
function loaded(mode: TaskMode): LoadedTask {
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
});
