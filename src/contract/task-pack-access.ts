import type { Case } from "./case.js";
import type { Runner } from "./runner.js";
import type { SandboxMount } from "./sandbox.js";
import type { TaskEntry } from "./task.js";

/** A task's runtime resolved on this host: what its commands get, and its part of the cell key. */
export interface LoadedTaskRuntime {
	/** Content hash of the runtime as written (task over use case): part of the task's cell keys. */
	readonly key: string;
	/** Setup commands, run once per fixture version to make the base. */
	readonly setup: readonly (readonly string[])[];
	/** Read-only mounts with their sources expanded and checked. */
	readonly mounts: readonly SandboxMount[];
	/** Variables every command gets. */
	readonly env: Readonly<Record<string, string>>;
}

/** A task's prepared base: where it is and how it came to be. */
export interface TaskBase {
	/** The folder every workdir of the task is copied from. */
	readonly path: string;
	/** Whether it was found in the cache (made by an earlier run) rather than made by this one. */
	readonly cached: boolean;
	/** Wall time this process spent making it, in milliseconds (0 when cached). */
	readonly duration_ms: number;
}

/** A task ready to run: its definition, its materialized fixture and the hashes that key its cells. */
export interface LoadedTask {
	/** The task and the folder holding its hidden files. */
	readonly entry: TaskEntry;
	/** Absolute path of its materialized `fixture/`. */
	readonly fixture_dir: string;
	/** Content hash of the fixture: a changed fixture re-runs the task's cells. */
	readonly fixture_hash: string;
	/** Content hash of the verifier's settings and hidden files: a changed gold test re-runs them too. */
	readonly verifier_hash: string;
	/** The task's runtime; null when neither its task.yaml nor its use case gives one. */
	readonly runtime: LoadedTaskRuntime | null;
	/**
	 * The folder every workdir of the task is copied from, and every diff is taken against: the
	 * fixture (without its manifest) after the runtime's setup, made once and cached. Rejects with
	 * the setup's failure (a harness error of the task, with the command's stderr and a fix).
	 */
	base(): Promise<TaskBase>;
}

/**
 * What the host (the orchestrator) gives a plugin whose use case names `tasks:`: loading the
 * pack (definitions and sandbox layers) and making the task runner (runners layer), which a
 * plugin may not import itself.
 */
export interface TaskPackAccess {
	/** Absolute path of the task pack. */
	readonly dir: string;
	/**
	 * Which sandbox every workspace and verifier of the run uses: `auto` (bubblewrap, refused
	 * where it cannot run) unless the user chose the unisolated `process` backend explicitly.
	 */
	readonly sandbox: { readonly backend: "auto" | "bubblewrap" | "process"; readonly allowUnisolated: boolean };
	/**
	 * Every task with its fixture and hashes. A bad task.yaml or a fixture not yet materialized is a
	 * BadInputError saying which and how to fix it (`touchstone snapshot`).
	 */
	load(options: { signal: AbortSignal }): Promise<readonly LoadedTask[]>;
	/**
	 * The runner of the pack's tasks: the agent tool loop for models, the built-in reference
	 * policies for `builtin` models. `resolve` maps a case back to its task.
	 */
	createRunner(resolve: (testCase: Case) => LoadedTask): Runner;
}
