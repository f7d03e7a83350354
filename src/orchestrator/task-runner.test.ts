import { describe, expect, it } from "vitest";
import { AGENT_RUNNER_VERSION, POLICY_RUNNER_ID, POLICY_RUNNER_VERSION } from "../runners/index.js";
import { createTaskRunner } from "./task-runner.js";

describe("the task use case's runner", () => {
	it("keeps its version to the agent loop and the policies: the single-shot harness is in the single-shot cases instead", () => {
		const runner = createTaskRunner({
			resolve: () => {
				throw new Error("not resolved in this test");
			},
			providerFor: () => {
				throw new Error("not called in this test");
			},
			sandbox: { backend: "process", allowUnisolated: true },
			env: {},
		});
		// Pinned: a single-shot harness in this version would make every agentic cell stale.
		expect(runner.version).toBe(`${AGENT_RUNNER_VERSION}+${POLICY_RUNNER_ID}@${POLICY_RUNNER_VERSION}`);
	});
});
