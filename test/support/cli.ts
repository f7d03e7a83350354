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
	options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
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
				timeout: options.timeoutMs ?? 60_000,
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

/** A bounded CLI run: what it printed, how it exited (-1 when killed), how long it took, whether the bound killed it. */
export interface BoundedCliResult extends CliResult {
	readonly ms: number;
	readonly killed: boolean;
}

/**
 * Spawns `touchstone ARGS` in `cwd` with a store inside it, killed after `timeoutMs` so that a
 * hang fails the test that caused it instead of the whole suite; for the hostile-input tests.
 */
export function runCliBounded(
	args: readonly string[],
	options: { cwd: string; timeoutMs: number; env?: Record<string, string> },
): Promise<BoundedCliResult> {
	const started = performance.now();
	return new Promise((resolve) => {
		execFile(
			process.execPath,
			[BIN, ...args],
			{
				cwd: options.cwd,
				timeout: options.timeoutMs,
				maxBuffer: 64 * 1024 * 1024,
				env: {
					PATH: process.env.PATH ?? "",
					TOUCHSTONE_DB: join(options.cwd, "data", "benchmarks.db"),
					TOUCHSTONE_ARTIFACTS: join(options.cwd, "data", "artifacts"),
					...options.env,
				},
			},
			(error, stdout, stderr) => {
				const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
				resolve({ code, stdout, stderr, ms: performance.now() - started, killed: error?.killed === true });
			},
		);
	});
}
