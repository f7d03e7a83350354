import type { SandboxExecResult, SandboxLimits } from "../contract/index.js";

/** One command, checked and resolved, ready for a backend to run. */
export interface PreparedCommand {
	/** Program and arguments (`/bin/sh -c LINE` for a shell line). */
	readonly argv: readonly string[];
	/** Working directory relative to the workdir, `/`-separated; empty for the workdir itself. */
	readonly cwd: string;
	/** The caller's variables, laid over the backend's scrubbed base. */
	readonly env: Readonly<Record<string, string>>;
	readonly stdin: string;
	readonly timeoutMs: number;
	readonly limits: SandboxLimits;
	/** Called with each chunk of stdout as it arrives; see `SandboxExecControl.onStdout`. */
	readonly onStdout?: (chunk: Uint8Array) => void;
}

/** Runs commands in one workspace the way one backend does. */
export interface CommandRunner {
	/** The workdir as commands see it. */
	readonly commandWorkdir: string;
	/** Runs one command to its end; see `Sandbox.exec`. */
	run(command: PreparedCommand, signal?: AbortSignal): Promise<SandboxExecResult>;
}

/** The variables every command gets, before the caller's own: nothing inherited from the host. */
export function baseEnvironment(path: string, home: string, tmp: string): Record<string, string> {
	return { PATH: path, HOME: home, LANG: "C.UTF-8", TMPDIR: tmp };
}
