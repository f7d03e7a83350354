import { type ChildProcess, spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import type { Readable } from "node:stream";
import { type SandboxExecResult, SandboxUnavailableError } from "../contract/index.js";
import { CappedOutput } from "./capped-output.js";

/** One child process to run with captured output, a deadline and a way to kill its whole tree. */
export interface CapturedCommand {
	/** Program to spawn and its arguments. */
	readonly file: string;
	readonly args: readonly string[];
	/** Host working directory of the spawned program. */
	readonly cwd: string;
	/** The complete environment: nothing else is inherited. */
	readonly env: Readonly<Record<string, string>>;
	/** User and group to run as, or null for the current ones. */
	readonly user: { readonly uid: number; readonly gid: number } | null;
	readonly stdin: string;
	readonly timeoutMs: number;
	/** Cap of stdout and of stderr, each. */
	readonly outputBytes: number;
	/** Called with each chunk of stdout as it arrives, kept or not. */
	readonly onStdout?: (chunk: Uint8Array) => void;
	/** Whether to open fd 3 as a pipe; what the child writes there is handed to `terminate`. */
	readonly infoPipe: boolean;
	/** Kills the child and everything it started; called on timeout or abort. */
	terminate(child: ChildProcess, info: string): void;
	/** Called once the child itself exited, to end anything it left behind. */
	reap(child: ChildProcess): void;
}

/** How a command ended, and what it wrote to fd 3 when that was open. */
export interface CapturedResult {
	readonly result: SandboxExecResult;
	readonly info: string;
}

/** How long to wait for the pipes to close after the child exited before giving up on them. */
const PIPE_GRACE_MS = 2_000;

/**
 * Runs one command to its end. Resolves with a result for every way a command can end (exit,
 * signal, timeout); rejects only when the program cannot be spawned at all or `signal` aborts.
 * The child leads its own process group, so the tree can be killed without touching ours.
 */
export function runCaptured(command: CapturedCommand, signal?: AbortSignal): Promise<CapturedResult> {
	signal?.throwIfAborted();
	return new Promise((resolve, reject) => {
		const started = performance.now();
		const stdout = new CappedOutput(command.outputBytes);
		const stderr = new CappedOutput(command.outputBytes);
		let info = "";
		let timedOut = false;
		let aborted = false;
		let exited = false;
		let settled = false;

		const child = spawn(command.file, command.args, {
			cwd: command.cwd,
			env: command.env,
			detached: true,
			stdio: ["pipe", "pipe", "pipe", command.infoPipe ? "pipe" : "ignore"],
			...(command.user === null ? {} : { uid: command.user.uid, gid: command.user.gid }),
		});
		const kill = () => {
			if (!exited) command.terminate(child, info);
		};
		const timer = setTimeout(() => {
			timedOut = true;
			kill();
		}, command.timeoutMs);
		const onAbort = () => {
			aborted = true;
			kill();
		};
		signal?.addEventListener("abort", onAbort, { once: true });
		const finish = () => {
			clearTimeout(timer);
			signal?.removeEventListener("abort", onAbort);
		};

		child.stdout?.on("data", (chunk: Buffer) => {
			stdout.push(chunk);
			command.onStdout?.(chunk);
		});
		child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
		const infoStream = child.stdio[3] as Readable | null | undefined;
		infoStream?.on("data", (chunk: Buffer) => {
			info += chunk.toString("utf8");
		});
		// A command that never reads its input closes the pipe early; that is not an error.
		child.stdin?.on("error", () => {});
		child.stdin?.end(command.stdin);

		child.on("error", (error) => {
			if (settled) return;
			settled = true;
			finish();
			reject(
				new SandboxUnavailableError(
					`the sandbox could not start ${command.file}: ${error.message}`,
					"check that the program is installed and the workdir exists",
					{ cause: error },
				),
			);
		});
		child.on("exit", () => {
			exited = true;
			command.reap(child);
			// Something that escaped the tree may still hold a pipe: stop waiting for it.
			setTimeout(() => {
				for (const stream of [child.stdout, child.stderr, infoStream]) stream?.destroy();
			}, PIPE_GRACE_MS).unref();
		});
		child.on("close", (code, exitSignal) => {
			if (settled) return;
			settled = true;
			finish();
			if (aborted) {
				reject(signal?.reason ?? new Error("aborted"));
				return;
			}
			const result: SandboxExecResult = {
				exit_code: timedOut ? null : code,
				signal: timedOut ? "SIGKILL" : exitSignal,
				stdout: stdout.text(),
				stderr: stderr.text(),
				truncated: stdout.truncated || stderr.truncated,
				timed_out: timedOut,
				workdir_full: false,
				duration_ms: Math.round((performance.now() - started) * 10) / 10,
			};
			resolve({ result, info });
		});
	});
}

/** Sends SIGKILL to a process group, ignoring one that is already gone. */
export function killGroup(pid: number | undefined): void {
	if (pid === undefined) return;
	try {
		process.kill(-pid, "SIGKILL");
	} catch {
		// Already gone.
	}
}

/** Sends SIGKILL to one process, ignoring one that is already gone. */
export function killProcess(pid: number): void {
	try {
		process.kill(pid, "SIGKILL");
	} catch {
		// Already gone.
	}
}
