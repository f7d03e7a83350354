import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import type { Sandbox, SandboxBackend, SandboxLimits, SandboxMount, SandboxProvenance } from "../contract/index.js";
import { SandboxUnavailableError, TouchstoneError } from "../contract/index.js";
import { defaultReadOnlyPaths } from "./bubblewrap-args.js";
import { createBubblewrapRunner } from "./bubblewrap-runner.js";
import type { CommandRunner } from "./command-runner.js";
import { detectSandboxBackend, sandboxOwner } from "./detect-backend.js";
import { DEFAULT_SANDBOX_LIMITS, DEFAULT_TIMEOUT_MS, mergeLimits } from "./limits.js";
import { checkMounts } from "./mounts.js";
import { createProcessRunner } from "./process-runner.js";
import { createWorkspace } from "./workspace.js";
import { createWorkspaceSandbox } from "./workspace-sandbox.js";

/** Options of {@link createSandbox}. */
export interface CreateSandboxOptions {
	/** Folder copied into the fresh workdir; omit for an empty workdir. Must not change while the sandbox lives. */
	readonly fixture?: string;
	/** `bubblewrap`, `process`, or `auto` (default): bubblewrap, else an error saying how to get it. */
	readonly backend?: SandboxBackend | "auto";
	/**
	 * Accept the process backend, which isolates nothing: required for `backend: 'process'`, and
	 * lets `auto` fall back to it where bubblewrap cannot run.
	 */
	readonly allowUnisolated?: boolean;
	/** Default limits of every command, laid over {@link DEFAULT_SANDBOX_LIMITS}. */
	readonly limits?: Partial<SandboxLimits>;
	/** Default wall-clock limit of every command (default 120 s). */
	readonly timeoutMs?: number;
	/** Cap of `diff()`'s text (default 256 KiB). */
	readonly diffCapBytes?: number;
	/** Extra host paths commands may read (bubblewrap), e.g. a toolchain outside /usr. */
	readonly readOnlyPaths?: readonly string[];
	/** Host paths shown read-only at another path inside (a task runtime's `mounts`). */
	readonly mounts?: readonly SandboxMount[];
	/**
	 * Let commands reach the network (bubblewrap shares the host's; default false). Only for
	 * trusted commands such as a runtime's setup, never for a model's: it is recorded in provenance.
	 */
	readonly network?: boolean;
	/**
	 * Give commands a HOME of their own outside the workdir (bubblewrap: `/tmp/home` in the private
	 * /tmp; the process backend: a folder beside the workdir), instead of the workdir itself, so the
	 * caches and config a program writes there (`~/.npm`, an agent's settings) never show in a diff.
	 */
	readonly privateHome?: boolean;
	/** Variables every command gets (under each request's own), e.g. a task runtime's `env`. */
	readonly env?: Readonly<Record<string, string>>;
	/** Where workspaces are made (default the system's temporary folder). */
	readonly tempRoot?: string;
}

/**
 * Makes a sandbox over a fresh copy of `fixture`. Bubblewrap unless the process backend is asked
 * for and accepted; throws SandboxUnavailableError, saying how to fix it, when neither may run.
 */
export async function createSandbox(options: CreateSandboxOptions = {}): Promise<Sandbox> {
	const limits = mergeLimits(DEFAULT_SANDBOX_LIMITS, options.limits);
	const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
	const chosen = await chooseSandboxBackend(options);
	const readOnlyPaths = [...defaultReadOnlyPaths(), ...(options.readOnlyPaths ?? [])];
	for (const path of readOnlyPaths)
		if (!isAbsolute(path) || !existsSync(path))
			throw new TouchstoneError("sandbox-read-only-path", `readOnlyPaths: ${path} is not an existing absolute path`);
	const mounts = (options.mounts ?? []).map((mount) => ({ from: mount.from, to: mount.to }));
	checkMounts(mounts, chosen.backend);
	const network = options.network === true;
	const workspace = await createWorkspace({
		...(options.fixture === undefined ? {} : { fixture: options.fixture }),
		...(options.tempRoot === undefined ? {} : { tempRoot: options.tempRoot }),
		owner: chosen.backend === "bubblewrap" ? sandboxOwner() : null,
	});
	let runner: CommandRunner;
	let provenance: SandboxProvenance;
	if (chosen.backend === "bubblewrap") {
		runner = createBubblewrapRunner(workspace, {
			bwrap: chosen.bwrap,
			readOnlyPaths,
			mounts,
			network,
			privateHome: options.privateHome === true,
		});
		provenance = {
			backend: "bubblewrap",
			isolated: true,
			backend_version: chosen.version,
			network,
			mounts,
			limits,
			timeout_ms: timeoutMs,
		};
	} else {
		let home = workspace.workdir;
		if (options.privateHome === true) {
			home = join(workspace.root, "home");
			await mkdir(home, { mode: 0o700 });
		}
		runner = createProcessRunner(workspace, { home });
		provenance = {
			backend: "process",
			isolated: false,
			backend_version: null,
			network: true,
			mounts,
			limits: { ...limits, processes: null },
			timeout_ms: timeoutMs,
		};
	}
	return createWorkspaceSandbox({
		workspace,
		runner,
		provenance,
		env: { ...options.env },
		...(options.diffCapBytes === undefined ? {} : { diffCapBytes: options.diffCapBytes }),
	});
}

/** The backend {@link chooseSandboxBackend} picked, with bwrap's path and version for bubblewrap. */
export type ChosenBackend =
	| { readonly backend: "bubblewrap"; readonly bwrap: string; readonly version: string }
	| { readonly backend: "process" };

/**
 * The backend a sandbox made with these options runs on, as {@link createSandbox} picks it; throws
 * SandboxUnavailableError, saying how to fix it, when none may run. For callers that must prepare
 * something per backend first (a program's files to show inside under bubblewrap only).
 */
export async function chooseSandboxBackend(
	options: Pick<CreateSandboxOptions, "backend" | "allowUnisolated">,
): Promise<ChosenBackend> {
	const wanted = options.backend ?? "auto";
	const unisolated = options.allowUnisolated === true;
	if (wanted === "process") {
		if (unisolated) return { backend: "process" };
		throw new SandboxUnavailableError(
			"the process backend runs commands without isolation (network, files, processes), so it is refused by default",
			"pass allowUnisolated: true to accept that, or use the bubblewrap backend",
		);
	}
	const detection = await detectSandboxBackend();
	if (detection.backend === "bubblewrap") return detection;
	if (wanted === "auto" && unisolated) return { backend: "process" };
	throw new SandboxUnavailableError(`cannot run commands in a sandbox: ${detection.problem}`, detection.fix);
}
