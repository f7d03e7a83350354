import { type ChildProcess, spawn } from "node:child_process";
import { BIN } from "./cli.js";

/** A spawned `touchstone serve` and what it printed so far. */
export interface Served {
	readonly child: ChildProcess;
	/** Base URL from its banner, e.g. `http://127.0.0.1:41234`. */
	readonly url: string;
	/** The port it listens on. */
	readonly port: number;
	readonly stdout: () => string;
	readonly stderr: () => string;
}

/**
 * Starts the built CLI's `serve --port 0 --dir benchmarks ARGS` (or `view …`) in `root` against the
 * store at `paths`, and resolves once its banner (ending with how to stop it) is printed.
 */
export function spawnServe(
	root: string,
	paths: { readonly database: string; readonly artifacts: string },
	args: readonly string[] = [],
	env: Record<string, string> = {},
	command: "serve" | "view" = "serve",
): Promise<Served> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [BIN, command, "--port", "0", "--dir", "benchmarks", ...args], {
			cwd: root,
			env: {
				PATH: process.env.PATH ?? "",
				TOUCHSTONE_DB: paths.database,
				TOUCHSTONE_ARTIFACTS: paths.artifacts,
				...env,
			},
		});
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString();
			const url = /touchstone API on (http:\/\/\S+)\/api\/v1\/benchmarks/.exec(stdout)?.[1];
			if (url !== undefined && stdout.includes("Ctrl-C to stop"))
				resolve({ child, url, port: Number(new URL(url).port), stdout: () => stdout, stderr: () => stderr });
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		child.on("exit", (code) => reject(new Error(`serve exited with ${code} before listening:\n${stdout}${stderr}`)));
	});
}

/** Sends SIGTERM and resolves with the exit code. */
export function stopServe(served: Served): Promise<number | null> {
	return new Promise((resolve) => {
		if (served.child.exitCode !== null) return resolve(served.child.exitCode);
		served.child.on("exit", (code) => resolve(code));
		served.child.kill("SIGTERM");
	});
}
