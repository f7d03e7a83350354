import type { JsonObject, Sandbox, SandboxExecResult, SandboxMount } from "../../contract/index.js";
import {
	type CreateSandboxOptions,
	chooseSandboxBackend,
	createSandbox,
	DEFAULT_SANDBOX_LIMITS,
	defaultReadOnlyPaths,
} from "../../sandbox/index.js";
import { programFiles, type StagedFiles, stageProgramFiles } from "./program-files.js";

/**
 * What a command of a model entry (an external agent, a single-shot `command` model) may reach
 * besides the read-only system and its workdir, resolved from the entry and the host environment.
 */
export interface CommandAccess {
	/** Variables it gets, by name: the entry's `env` allowlist and its key; nothing else of the host's. */
	readonly env: Readonly<Record<string, string>>;
	/** Values among `env` that are secrets (the key): redacted from everything kept. */
	readonly secrets: readonly string[];
	/** Whether it may reach the network; otherwise only a private loopback. */
	readonly network: boolean;
	/** Host paths shown read-only inside (the entry's `mounts`, expanded). */
	readonly mounts: readonly SandboxMount[];
}

/** How a command sandbox is made. */
export interface CommandSandboxOptions {
	/** The command: program and arguments, no shell. */
	readonly argv: readonly string[];
	readonly access: CommandAccess;
	/** Backend choice and housekeeping, as for createSandbox; the fixture is copied into the workdir. */
	readonly sandbox?: Pick<CreateSandboxOptions, "backend" | "allowUnisolated" | "diffCapBytes" | "tempRoot">;
	/** Folder copied into the workdir; an empty workdir when absent. */
	readonly fixture?: string;
	/** The task runtime's mounts and variables (under the entry's own), for an agent working on a task. */
	readonly runtime?: Pick<CreateSandboxOptions, "mounts" | "env">;
}

/** One run of the command. */
export interface CommandRunRequest {
	/** Written to its stdin, which is then closed. */
	readonly stdin: string;
	/** Milliseconds before its whole process tree is killed. */
	readonly timeoutMs: number;
	/** Bytes of stdout (and of stderr) kept. */
	readonly outputBytes: number;
	/** Called with each chunk of stdout as it arrives. */
	readonly onStdout?: (chunk: Uint8Array) => void;
}

/** How the command ended; see SandboxExecResult. */
export interface CommandRunResult extends SandboxExecResult {
	/** Whether stdout went past `outputBytes` (stderr's cut does not count). */
	readonly stdout_truncated: boolean;
	/** The program, when it was not found inside the sandbox (then `exit_code` is 127). */
	readonly missing_program: string | null;
}

/** A sandbox made for one command, with what the command can reach there. */
export interface CommandSandbox {
	/** The sandbox; its `dispose` also removes the program copies it needed. */
	readonly sandbox: Sandbox;
	/** What the command could reach, for the attempt's provenance: names and paths, never values. */
	readonly reach: JsonObject;
	/** Runs the command once; rejects only as `Sandbox.exec` does (an abort, a sandbox that failed). */
	run(request: CommandRunRequest, options: { readonly signal: AbortSignal }): Promise<CommandRunResult>;
}

/** Marks the wrapper's own "not found" line on stderr, so a program's own exit 127 is not mistaken for it. */
const NOT_FOUND_MARK = "touchstone sandbox: program not found:";

/**
 * Runs before the program: checks it can be found in the sandbox (so a missing program is told
 * apart from a program's own exit 127), and execs it.
 */
const WRAPPER = [`command -v "$1" >/dev/null 2>&1 || { echo "${NOT_FOUND_MARK} $1" >&2; exit 127; }`, 'exec "$@"'].join(
	"\n",
);

/**
 * Makes the sandbox a model entry's command runs in, the way every other model command runs:
 * the workdir writable, the system read-only, nothing else of the host's files (no task pack, no
 * store, no HOME) but the entry's mounts and the files its argv names by absolute path, the
 * environment only `access.env` (plus PATH, LANG, TMPDIR and a private HOME), the network only
 * when `access.network`. Bubblewrap unless the backend choice accepts the unisolated process
 * backend, which runs the command on the host with the same environment and says so (`isolated`).
 * Throws SandboxUnavailableError when no accepted backend can run.
 */
export async function openCommandSandbox(options: CommandSandboxOptions): Promise<CommandSandbox> {
	const { access } = options;
	const chosen = await chooseSandboxBackend(options.sandbox ?? {});
	const runtimeMounts = options.runtime?.mounts ?? [];
	const shown = [...defaultReadOnlyPaths(), ...[...runtimeMounts, ...access.mounts].map((mount) => mount.to)];
	// The process backend runs on the host, where the program's files already are.
	const files = chosen.backend === "bubblewrap" ? await programFiles(options.argv, shown) : [];
	const staged: StagedFiles = await stageProgramFiles(files, options.sandbox?.tempRoot);
	let inner: Sandbox;
	try {
		inner = await createSandbox({
			...options.sandbox,
			backend: chosen.backend,
			allowUnisolated: chosen.backend === "process",
			...(options.fixture === undefined ? {} : { fixture: options.fixture }),
			network: access.network,
			// Caches and config the program writes in HOME never show in its diff.
			privateHome: true,
			readOnlyPaths: staged.readOnlyPaths,
			mounts: [...runtimeMounts, ...access.mounts, ...staged.mounts],
			// The runtime's variables; the entry's (each command's own) win over them.
			env: options.runtime?.env ?? {},
		});
	} catch (error) {
		await staged.remove();
		throw error;
	}
	const sandbox: Sandbox = {
		...inner,
		dispose: async () => {
			await inner.dispose();
			await staged.remove();
		},
	};
	const reach: JsonObject = {
		backend: inner.provenance.backend,
		isolated: inner.provenance.isolated,
		network: inner.provenance.network,
		workdir: inner.commandWorkdir,
		home: "private, outside the workdir",
		env: [...new Set([...Object.keys(options.runtime?.env ?? {}), ...Object.keys(access.env)])].sort(),
		mounts: [...runtimeMounts, ...access.mounts].map((mount) => ({ from: mount.from, to: mount.to })),
		program_files: files,
	};
	return { sandbox, reach, run: (request, { signal }) => runCommand(sandbox, options.argv, access, request, signal) };
}

async function runCommand(
	sandbox: Sandbox,
	argv: readonly string[],
	access: CommandAccess,
	request: CommandRunRequest,
	signal: AbortSignal,
): Promise<CommandRunResult> {
	let stdoutBytes = 0;
	const timeoutSeconds = Math.ceil(request.timeoutMs / 1000);
	const result = await sandbox.exec(
		{
			argv: ["/bin/sh", "-c", WRAPPER, "touchstone-command", ...argv],
			env: access.env,
			stdin: request.stdin,
			timeout_ms: request.timeoutMs,
			limits: {
				output_bytes: request.outputBytes,
				// An agent may run for its whole budget; CPU time must not end it sooner.
				cpu_seconds: Math.max(DEFAULT_SANDBOX_LIMITS.cpu_seconds ?? 0, timeoutSeconds),
			},
		},
		{
			signal,
			onStdout: (chunk) => {
				stdoutBytes += chunk.length;
				request.onStdout?.(chunk);
			},
		},
	);
	const missing = result.exit_code === 127 && result.stderr.includes(NOT_FOUND_MARK) ? (argv[0] ?? null) : null;
	return { ...result, stdout_truncated: stdoutBytes > request.outputBytes, missing_program: missing };
}
