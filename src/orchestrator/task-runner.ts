import type {
	Case,
	LoadedTask,
	ModelEntry,
	Provider,
	Runner,
	SandboxMount,
	TaskPackAccess,
} from "../contract/index.js";
import {
	createAgentRunner,
	createExternalRunner,
	createPolicyRunner,
	createSingleShotTaskRunner,
	type PolicyTask,
	type ResolveTask,
} from "../runners/index.js";
import { commandAccess } from "./command-access.js";

/**
 * The runner of a task use case: the agent tool loop for models on agentic tasks, one request
 * with the target files and whole files back for models on `single-shot` tasks, the reference policies for
 * `builtin` entries (baseline, gold), and the external harness for `command` entries (a CLI
 * coding agent speaking the JSON contract: request on stdin, {final, trace, telemetry} on
 * stdout, run in the run's sandbox with what its entry lets it reach: see `commandAccess`),
 * all over the same fixtures and verifiers. One harness id (`agent`) for the use case,
 * so every row sits on the same leaderboard; each attempt's provenance names what ran it.
 */
export function createTaskRunner(options: {
	readonly resolve: (testCase: Case) => LoadedTask;
	readonly providerFor: (model: ModelEntry) => Provider;
	readonly sandbox: TaskPackAccess["sandbox"];
	/** Where an external harness's key (`api_key_env`) and `env:` variables are read from. */
	readonly env: Readonly<Record<string, string | undefined>>;
}): Runner {
	const sandbox = { backend: options.sandbox.backend, allowUnisolated: options.sandbox.allowUnisolated };
	const resolveTask: ResolveTask = async (testCase) => {
		const loaded = options.resolve(testCase);
		const { task } = loaded.entry;
		return {
			prompt: task.prompt,
			fixtureDir: (await loaded.base()).path,
			budget: task.budget,
			tools: task.tools,
			target_files: task.target_files,
			...runtimeParts(loaded),
		};
	};
	const agent = createAgentRunner({ providerFor: options.providerFor, sandbox, resolveTask });
	const singleShot = createSingleShotTaskRunner({ providerFor: options.providerFor, sandbox, resolveTask });
	const external = new Map<string, Runner>();
	const externalFor = (model: ModelEntry): Runner => {
		let runner = external.get(model.id);
		if (runner === undefined) {
			runner = createExternalRunner({
				name: model.id,
				command: model.command ?? [],
				resolveTask,
				access: commandAccess(model, options.env),
				sandbox,
			});
			external.set(model.id, runner);
		}
		return runner;
	};
	const policy = createPolicyRunner({
		sandbox,
		resolveTask: (testCase) => policyTask(options.resolve(testCase)),
	});
	return {
		specificationVersion: "v1",
		id: agent.id,
		// The single-shot harness's version is in each single-shot task's case input instead, so
		// that it re-runs only those cells (see SINGLE_SHOT_TASK_HARNESS).
		version: `${agent.version}+${policy.id}@${policy.version}`,
		run: (input, runOptions) => {
			if (input.model.provider === "builtin") return policy.run(input, runOptions);
			if (input.model.provider === "command") return externalFor(input.model).run(input, runOptions);
			// The case carries its task's mode (see taskCase); reading it cannot throw.
			if (input.case.input.mode === "single-shot") return singleShot.run(input, runOptions);
			return agent.run(input, runOptions);
		},
	};
}

/** What a reference policy needs of a loaded task: its base (prepared on first use), folder, reference and runtime. */
export async function policyTask(loaded: LoadedTask): Promise<PolicyTask> {
	return {
		fixtureDir: (await loaded.base()).path,
		taskDir: loaded.entry.dir,
		reference: loaded.entry.task.reference,
		...runtimeParts(loaded),
	};
}

/** The mounts and variables a task's commands get from its runtime. */
export function runtimeParts(loaded: LoadedTask): {
	readonly mounts: readonly SandboxMount[];
	readonly env: Readonly<Record<string, string>>;
} {
	return { mounts: loaded.runtime?.mounts ?? [], env: loaded.runtime?.env ?? {} };
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
