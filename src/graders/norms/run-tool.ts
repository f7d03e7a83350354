import { execFile } from "node:child_process";

/** How a lint tool's process ended: its exit code and output, or that it could not start. */
export type ToolOutcome =
	| { readonly started: true; readonly code: number; readonly stdout: string; readonly stderr: string }
	| { readonly started: false; readonly missing: boolean; readonly reason: string };

/** Most bytes of a lint tool's stdout read; past it the run is an analysis error. */
const MAX_TOOL_OUTPUT = 16 * 1024 * 1024;

/** Runs a lint tool on the host with a deadline, never throwing: the norms record turns failures into N/A. */
export function runTool(
	file: string,
	args: readonly string[],
	options: { readonly cwd: string; readonly timeoutMs: number; readonly signal: AbortSignal },
): Promise<ToolOutcome> {
	return new Promise((resolve) => {
		execFile(
			file,
			[...args],
			{
				cwd: options.cwd,
				timeout: options.timeoutMs,
				maxBuffer: MAX_TOOL_OUTPUT,
				signal: options.signal,
				encoding: "utf8",
				env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: options.cwd, NO_COLOR: "1" },
			},
			(error, stdout, stderr) => {
				if (error === null) return resolve({ started: true, code: 0, stdout, stderr });
				const code = (error as NodeJS.ErrnoException).code;
				if (code === "ENOENT") return resolve({ started: false, missing: true, reason: `${file} is not installed` });
				if (typeof code === "number") return resolve({ started: true, code, stdout, stderr });
				resolve({ started: false, missing: false, reason: `${file} failed to run: ${error.message.split("\n")[0]}` });
			},
		);
	});
}
