import type { Case, LoadedTask, ModelEntry, Provider, Runner, TaskPackAccess } from "../contract/index.js";
import { createAgentRunner, createPolicyRunner } from "../runners/index.js";

/**
 * The runner of a task use case: the agent tool loop for models, the reference policies for
 * `builtin` entries (baseline, gold), over the same sandboxed workspaces. One harness id
 * (`agent`) for the use case, so policy rows sit on the same leaderboard as floor and ceiling.
 */
export function createTaskRunner(options: {
	readonly resolve: (testCase: Case) => LoadedTask;
	readonly providerFor: (model: ModelEntry) => Provider;
	readonly sandbox: TaskPackAccess["sandbox"];
}): Runner {
	const sandbox = { backend: options.sandbox.backend, allowUnisolated: options.sandbox.allowUnisolated };
	const agent = createAgentRunner({
		providerFor: options.providerFor,
		sandbox,
		resolveTask: (testCase) => {
			const { entry, fixture_dir } = options.resolve(testCase);
			return { prompt: entry.task.prompt, fixtureDir: fixture_dir, budget: entry.task.budget, tools: entry.task.tools };
		},
	});
	const policy = createPolicyRunner({
		sandbox,
		resolveTask: (testCase) => {
			const { entry, fixture_dir } = options.resolve(testCase);
			return { fixtureDir: fixture_dir, taskDir: entry.dir, reference: entry.task.reference };
		},
	});
	return {
		specificationVersion: "v1",
		id: agent.id,
		version: `${agent.version}+${policy.id}@${policy.version}`,
		run: (input, runOptions) =>
			input.model.provider === "builtin" ? policy.run(input, runOptions) : agent.run(input, runOptions),
	};
}

/**
 * The sandbox a run uses, from `TOUCHSTONE_SANDBOX`: bubblewrap unless the user names the
 * unisolated `process` backend, which is then recorded in every attempt's provenance.
 */
export function sandboxChoice(value: string | undefined): TaskPackAccess["sandbox"] {
	if (value === "process") return { backend: "process", allowUnisolated: true };
	if (value === "bubblewrap") return { backend: "bubblewrap", allowUnisolated: false };
	return { backend: "auto", allowUnisolated: false };
}
