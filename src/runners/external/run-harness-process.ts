import { spawn } from "node:child_process";

/** One run of an external harness's command. */
export interface HarnessProcessRequest {
	/** Program and arguments; the program is looked up on the environment's PATH. */
	readonly argv: readonly string[];
	/** Working directory: the attempt's workdir. */
	readonly cwd: string;
	/** The complete environment: nothing else is inherited. */
	readonly env: Readonly<Record<string, string>>;
	/** Written to stdin, which is then closed. */
	readonly stdin: string;
	/** Milliseconds before the whole process group is killed. */
	readonly timeoutMs: number;
	/** Bytes of stdout kept; past it the rest is dropped and `stdout_truncated` is set. */
	readonly outputBytes: number;
}

/** How the command ended. */
export interface HarnessProcessResult {
	/** Exit status; null when a signal ended it. */
	readonly exit_code: number | null;
	/** The signal that ended it, or null. */
	readonly signal: string | null;
	/** Its stdout as UTF-8, at most `outputBytes`. */
	readonly stdout: string;
	/** Whether stdout went past `outputBytes`. */
	readonly stdout_truncated: boolean;
	/** The last few KiB of its stderr. */
	readonly stderr_tail: string;
	/** Whether the time limit passed and the process group was killed. */
	readonly timed_out: boolean;
	/** Whether the caller's signal stopped it. */
	readonly aborted: boolean;
	/** Wall time from spawn to exit, in milliseconds. */
	readonly duration_ms: number;
}

const STDERR_TAIL_CHARS = 4096;
/** How long to wait for the pipes after the process exited, when something it left holds them. */
const PIPE_GRACE_MS = 1_000;

/**
 * Runs a harness command as a local process leading its own process group, so a timeout or an
 * abort kills it and everything it started (`kill(-pgid)`, as the command provider does), and
 * whatever it left running is killed once it exits. Rejects only when the program cannot start.
 */
export function runHarnessProcess(request: HarnessProcessRequest, signal: AbortSignal): Promise<HarnessProcessResult> {
	const [program, ...args] = request.argv;
	if (program === undefined || program === "") return Promise.reject(new Error("the harness command is empty"));
	return new Promise((resolve, reject) => {
		const started = performance.now();
		const stdout: Buffer[] = [];
		let stdoutBytes = 0;
		let truncated = false;
		let stderr = "";
		let timedOut = false;
		let aborted = false;
		const child = spawn(program, args, {
			cwd: request.cwd,
			env: request.env,
			detached: true,
			stdio: ["pipe", "pipe", "pipe"],
		});
		const killGroup = () => {
			try {
				if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
			} catch {
				// Already gone.
			}
		};
		const timer = setTimeout(() => {
			timedOut = true;
			killGroup();
		}, request.timeoutMs);
		const onAbort = () => {
			aborted = true;
			killGroup();
		};
		signal.addEventListener("abort", onAbort, { once: true });
		if (signal.aborted) onAbort();
		const settle = () => {
			clearTimeout(timer);
			signal.removeEventListener("abort", onAbort);
		};

		child.stdout.on("data", (chunk: Buffer) => {
			const room = request.outputBytes - stdoutBytes;
			if (chunk.length > room) truncated = true;
			if (room <= 0) return;
			const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
			stdout.push(kept);
			stdoutBytes += kept.length;
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
		});
		// A harness that exits without reading its request closes the pipe early; its exit says more.
		child.stdin.on("error", () => {});
		child.stdin.end(request.stdin);

		child.on("error", (error) => {
			settle();
			killGroup();
			reject(new Error(`could not start \`${program}\`: ${error.message}`, { cause: error }));
		});
		child.on("exit", () => {
			// Background processes it left in its group do not outlive it, nor hold its pipes open.
			killGroup();
			setTimeout(() => {
				child.stdout.destroy();
				child.stderr.destroy();
			}, PIPE_GRACE_MS).unref();
		});
		child.on("close", (code, exitSignal) => {
			settle();
			resolve({
				exit_code: code,
				signal: exitSignal,
				stdout: Buffer.concat(stdout).toString("utf8"),
				stdout_truncated: truncated,
				stderr_tail: stderr,
				timed_out: timedOut,
				aborted,
				duration_ms: performance.now() - started,
			});
		});
	});
}
