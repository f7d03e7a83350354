import { TouchstoneError } from "./errors.js";

/**
 * The ways a sandbox can run commands: `bubblewrap` isolates them (namespaces, no network, a
 * read-only system); `process` runs them as plain child processes and isolates nothing.
 */
export const SANDBOX_BACKENDS = ["bubblewrap", "process"] as const;
/** One of {@link SANDBOX_BACKENDS}. */
export type SandboxBackend = (typeof SANDBOX_BACKENDS)[number];

/**
 * Resource limits of one command; `null` means no limit. A record (snake_case, JSON) because the
 * limits a command ran under are stored in every attempt's provenance.
 */
export type SandboxLimits = {
	/** CPU seconds each process may use before the kernel kills it (RLIMIT_CPU). */
	readonly cpu_seconds: number | null;
	/**
	 * Private writable memory each process may map, in bytes (RLIMIT_DATA). Chosen over address
	 * space because runtimes such as Node reserve gigabytes they never touch (WebAssembly).
	 */
	readonly memory_bytes: number | null;
	/** Processes and threads the command may run at once: bounds a fork bomb. */
	readonly processes: number | null;
	/** Bytes of stdout and of stderr kept; the rest is read and dropped, and `truncated` is set. */
	readonly output_bytes: number;
	/** Largest file a process may write, in bytes (RLIMIT_FSIZE). */
	readonly file_bytes: number | null;
	/**
	 * Bytes the whole workdir may hold (files' apparent sizes). A command that takes it past this
	 * is killed and its result says `workdir_full`: one attempt must not fill the host's disk.
	 */
	readonly workdir_bytes: number | null;
};

/** What every command request has, whichever way it names its program. */
export interface SandboxExecOptions {
	/** Working directory relative to the workdir; default the workdir itself. */
	readonly cwd?: string;
	/** Variables added to the scrubbed environment; nothing of the host's is inherited. */
	readonly env?: Readonly<Record<string, string>>;
	/** Text written to the command's standard input, which is then closed; default empty. */
	readonly stdin?: string;
	/** Wall-clock limit; when it passes, the whole process tree is killed. */
	readonly timeout_ms?: number;
	/** Limits overriding the sandbox's defaults for this command only. */
	readonly limits?: Partial<SandboxLimits>;
}

/** How a caller follows one running command. */
export interface SandboxExecControl {
	/** Stops the command (its whole process tree) and makes `exec` reject. */
	readonly signal?: AbortSignal;
	/**
	 * Called with each chunk of stdout as it arrives, including bytes past the output limit, so a
	 * caller can time the first output (a `command` model's time to first token) or count bytes.
	 */
	readonly onStdout?: (chunk: Uint8Array) => void;
}

/**
 * One command to run inside the workdir: either `argv` (program and arguments, no shell) or
 * `command` (a line for `/bin/sh -c`).
 */
export type SandboxExecRequest = SandboxExecOptions &
	(
		| { readonly argv: readonly string[]; readonly command?: never }
		| { readonly command: string; readonly argv?: never }
	);

/** How one command ended. A failing, killed or timed-out command is a result, never a throw. */
export type SandboxExecResult = {
	/**
	 * Exit status; null when a signal ended the command. Under bubblewrap the command is not the
	 * sandbox's direct child, so a signal from inside (a CPU limit) shows as 128 + n, as in a shell.
	 */
	readonly exit_code: number | null;
	/** Name of the signal that ended the command (`SIGKILL` after a timeout), or null. */
	readonly signal: string | null;
	/** Standard output as UTF-8, at most `limits.output_bytes`. */
	readonly stdout: string;
	/** Standard error as UTF-8, at most `limits.output_bytes`. */
	readonly stderr: string;
	/** Whether stdout or stderr was cut at the output limit. */
	readonly truncated: boolean;
	/** Whether the wall-clock limit passed and the process tree was killed. */
	readonly timed_out: boolean;
	/** Whether the workdir passed `limits.workdir_bytes` (before or while it ran) and the process tree was killed. */
	readonly workdir_full: boolean;
	/** Wall time from start to the end of the process tree, in milliseconds. */
	readonly duration_ms: number;
};

/** The kinds of entry `list` reports. Symlinks are reported, never followed. */
export const SANDBOX_ENTRY_KINDS = ["file", "directory", "symlink", "other"] as const;
/** One of {@link SANDBOX_ENTRY_KINDS}. */
export type SandboxEntryKind = (typeof SANDBOX_ENTRY_KINDS)[number];

/** One entry of a listed directory. */
export type SandboxEntry = {
	/** The entry's own name. */
	readonly name: string;
	/** Its path relative to the workdir, with `/` separators. */
	readonly path: string;
	/** See {@link SANDBOX_ENTRY_KINDS}. */
	readonly kind: SandboxEntryKind;
	/** Size of a file in bytes; null for anything else. */
	readonly size_bytes: number | null;
};

/** The unified diff of a workdir against the fixture it was copied from, capped. */
export type SandboxDiff = {
	/** The diff (`a/` fixture, `b/` workdir), cut at a line boundary at `cap_bytes`; binary files summarized. */
	readonly text: string;
	/** Whether `text` was cut. */
	readonly truncated: boolean;
	/** Size of the whole diff in bytes, before the cap. */
	readonly bytes: number;
	/** The cap `text` was held to, recorded so a reader knows what a cut diff lost. */
	readonly cap_bytes: number;
};

/**
 * A host folder (or file) shown read-only inside the sandbox at `to`, e.g. a Python venv at
 * `/opt/venv`. Under bubblewrap it is a bind mount; the process backend, which cannot remap
 * paths, accepts only a mount shown at its own host path.
 */
export type SandboxMount = {
	/** Absolute path on the host; it must exist. */
	readonly from: string;
	/** Absolute path inside the sandbox, outside the system folders and the workdir. */
	readonly to: string;
};

/** Where the workdir appears inside an isolated sandbox: the same on every machine, so outputs compare. */
export const SANDBOX_WORKDIR = "/workspace";

/**
 * Folders a mount may not land in or over: the read-only system (bwrap cannot make a mount point
 * inside it), the kernel's own file systems and the workdir (a mount there would show in diffs).
 */
const RESERVED_MOUNT_TARGETS = [
	"/usr",
	"/bin",
	"/sbin",
	"/lib",
	"/lib32",
	"/lib64",
	"/libx32",
	"/etc",
	"/proc",
	"/dev",
];

/**
 * Why a mount's target (`to`) cannot be used, or null when it can: it must be an absolute,
 * normalized path outside the system folders and the workdir, e.g. `/opt/venv`.
 */
export function mountTargetProblem(to: string): string | null {
	if (!to.startsWith("/")) return "is not an absolute path";
	const parts = to.split("/").slice(1);
	if (parts.some((part) => part === "" || part === "." || part === "..") && to !== "/")
		return "is not a normalized path (no `.`, `..`, `//` or trailing `/`)";
	if (to === "/") return "is the sandbox's root";
	for (const reserved of [...RESERVED_MOUNT_TARGETS, SANDBOX_WORKDIR])
		if (to === reserved || to.startsWith(`${reserved}/`))
			return reserved === SANDBOX_WORKDIR
				? `lies in the workdir (${SANDBOX_WORKDIR}), where it would show in every diff`
				: `lies in ${reserved}, a system folder of the sandbox`;
	return null;
}

/**
 * How a sandbox ran its commands, stored in every attempt's provenance so an unisolated result
 * can never pass for an isolated one. A record (JSON) so it drops into `RunnerProvenance.details`.
 */
export type SandboxProvenance = {
	/** See {@link SANDBOX_BACKENDS}. */
	readonly backend: SandboxBackend;
	/** Whether commands were isolated from the host (network, files, environment, processes). */
	readonly isolated: boolean;
	/** The backend's own version (`bubblewrap 0.8.0`), when it has one. */
	readonly backend_version: string | null;
	/** Whether commands could reach a network. */
	readonly network: boolean;
	/** Host paths commands could read besides the system and the workdir; see {@link SandboxMount}. */
	readonly mounts: SandboxMount[];
	/** Default limits of every command; `null` members were not enforced. */
	readonly limits: SandboxLimits;
	/** Default wall-clock limit of every command, in milliseconds. */
	readonly timeout_ms: number;
};

/**
 * A fresh copy of a fixture that commands run in. File methods take paths relative to the
 * workdir; a path that leaves it (`..`, absolute, a symlink pointing out) is refused with a
 * {@link SandboxPathError}, an expected failure to hand back to the model, never a crash.
 */
export interface Sandbox {
	/** Contract version this sandbox implements. */
	readonly specificationVersion: "v1";
	/** Absolute path of the workdir on the host. */
	readonly workdir: string;
	/** Absolute path of the workdir as commands see it (`/workspace` under bubblewrap). */
	readonly commandWorkdir: string;
	/** How commands run; see {@link SandboxProvenance}. */
	readonly provenance: SandboxProvenance;
	/**
	 * Runs one command. Rejects only for a bad `cwd` (SandboxPathError), a sandbox that could not
	 * start or was disposed (a harness error, not the model's), or an abort.
	 */
	exec(request: SandboxExecRequest, options?: SandboxExecControl): Promise<SandboxExecResult>;
	/** Reads a file as UTF-8. */
	read(path: string): Promise<string>;
	/** Writes a file, creating missing parent directories inside the workdir. */
	write(path: string, content: string | Uint8Array): Promise<void>;
	/** Lists a directory (default the workdir), sorted by name. */
	list(path?: string): Promise<readonly SandboxEntry[]>;
	/** Diffs the workdir against the fixture it was copied from. */
	diff(): Promise<SandboxDiff>;
	/** Kills running commands and removes the workdir. Safe to call twice. */
	dispose(): Promise<void>;
}

/** Why a path was refused. */
export const SANDBOX_PATH_PROBLEMS = ["outside-workdir", "not-found", "not-a-file", "not-a-directory"] as const;
/** One of {@link SANDBOX_PATH_PROBLEMS}. */
export type SandboxPathProblem = (typeof SANDBOX_PATH_PROBLEMS)[number];

/** A path a sandbox refused: outside the workdir, missing, or of the wrong kind. Expected, not a bug. */
export class SandboxPathError extends TouchstoneError {
	/** The path as it was asked for. */
	readonly path: string;
	/** See {@link SANDBOX_PATH_PROBLEMS}. */
	readonly problem: SandboxPathProblem;

	constructor(path: string, problem: SandboxPathProblem, message: string) {
		super("sandbox-path", message);
		this.name = "SandboxPathError";
		this.path = path;
		this.problem = problem;
	}
}

/** No sandbox backend can run here, or the one asked for was refused; `fix` says what to do. */
export class SandboxUnavailableError extends TouchstoneError {
	/** How to make a sandbox available. */
	readonly fix: string;

	constructor(message: string, fix: string, options?: { cause?: unknown }) {
		super("sandbox-unavailable", `${message}\n  fix: ${fix}`, options);
		this.name = "SandboxUnavailableError";
		this.fix = fix;
	}
}
