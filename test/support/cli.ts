import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The compiled CLI entry point, as users run it. */
export const BIN = fileURLToPath(new URL("../../bin/touchstone.js", import.meta.url));

/** The repository root, where examples/ lives. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** What a spawned CLI run printed and how it exited. */
export interface CliResult {
	readonly code: number;
	readonly stdout: string;
	readonly stderr: string;
}

/** Spawns `touchstone ARGS` as a real process in `cwd`, with TOUCHSTONE_* pointed inside it. */
export function runCli(
	args: readonly string[],
	options: { cwd: string; env?: Record<string, string> },
): Promise<CliResult> {
	return new Promise((resolve) => {
		execFile(
			process.execPath,
			[BIN, ...args],
			{
				cwd: options.cwd,
				env: {
					PATH: process.env.PATH ?? "",
					TOUCHSTONE_DB: join(options.cwd, "data", "benchmarks.db"),
					TOUCHSTONE_ARTIFACTS: join(options.cwd, "data", "artifacts"),
					...options.env,
				},
				timeout: 60_000,
			},
			(error, stdout, stderr) => {
				const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
				resolve({ code, stdout, stderr });
			},
		);
	});
}

/** A fresh temporary folder for one test. */
export function tempDir(prefix = "touchstone-test-"): string {
	return mkdtempSync(join(tmpdir(), prefix));
}
