/**
 * What a task's commands need beyond its fixture, as written in task.yaml or on its use case: each
 * member null when not given there. The task's members win over the use case's, member by member
 * (see {@link mergeTaskRuntimes}).
 */
export interface TaskRuntime {
	/**
	 * Commands (argv lists) run in order, once per fixture version, in a copy of the fixture with
	 * the network on and no secrets; their result is cached and is the base of every cell's workdir.
	 */
	readonly setup: readonly (readonly string[])[] | null;
	/** Host folders shown read-only inside the sandbox; `from` may hold `${VAR}` references, expanded at run time. */
	readonly mounts: readonly { readonly from: string; readonly to: string }[] | null;
	/** Variables added to every command's environment in the sandbox (setup, the model's, the verifier's). */
	readonly env: Readonly<Record<string, string>> | null;
}

/** A task's runtime with the use case's filled in: every member given, empty when neither said it. */
export interface EffectiveTaskRuntime {
	readonly setup: readonly (readonly string[])[];
	readonly mounts: readonly { readonly from: string; readonly to: string }[];
	readonly env: Readonly<Record<string, string>>;
}

/** The task's runtime over its use case's, member by member; null when neither gives anything. */
export function mergeTaskRuntimes(task: TaskRuntime | null, useCase: TaskRuntime | null): EffectiveTaskRuntime | null {
	const merged = {
		setup: task?.setup ?? useCase?.setup ?? [],
		mounts: task?.mounts ?? useCase?.mounts ?? [],
		env: task?.env ?? useCase?.env ?? {},
	};
	const empty = merged.setup.length === 0 && merged.mounts.length === 0 && Object.keys(merged.env).length === 0;
	return empty ? null : merged;
}
