import { execFile } from "node:child_process";
import { dirname } from "node:path";

/** How one host git command ended. */
export interface HostGitResult {
	/** Exit status; null when git could not start or a signal ended it. */
	readonly code: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

/**
 * Runs git on the host (argv, no shell) in `cwd`, with no user or system configuration and no
 * repository discovery above `cwd`'s parent, so it reads the trees it is given and nothing else.
 * Used on the layers' own host copies only (trusted sprint files: patches, the etalon), never
 * on anything a sandboxed command ran over.
 */
export function runHostGit(args: readonly string[], cwd: string, signal: AbortSignal): Promise<HostGitResult> {
	const env = {
		PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
		GIT_CONFIG_NOSYSTEM: "1",
		GIT_CONFIG_GLOBAL: "/dev/null",
		GIT_TERMINAL_PROMPT: "0",
		GIT_CEILING_DIRECTORIES: dirname(cwd),
		LANG: "C",
	};
	return new Promise((resolve) => {
		execFile(
			"git",
			[...args],
			{ cwd, env, signal, maxBuffer: 64 * 1024 * 1024, encoding: "utf8" },
			(error, stdout, stderr) => {
				const code = error === null ? 0 : typeof error.code === "number" ? error.code : null;
				resolve({ code, stdout, stderr: stderr || (error !== null && code === null ? error.message : "") });
			},
		);
	});
}

/**
 * The 1-based line numbers of `after` that are new against `before` (null: the file is new, so
 * every line is), from `git diff --no-index --unified=0`: the lines the etalon added or changed.
 */
export async function changedLines(
	before: string | null,
	after: string,
	lineCount: number,
	signal: AbortSignal,
): Promise<number[]> {
	if (before === null) return Array.from({ length: lineCount }, (_, index) => index + 1);
	const diff = await runHostGit(
		["diff", "--no-index", "--unified=0", "--no-color", "--no-ext-diff", "--no-textconv", "--", before, after],
		dirname(after),
		signal,
	);
	// 0: the same; 1: they differ; anything else is git's own failure.
	if (diff.code !== 0 && diff.code !== 1) throw new Error(`git diff --no-index failed: ${diff.stderr.trim()}`);
	const lines: number[] = [];
	for (const match of diff.stdout.matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
		const start = Number(match[1]);
		const count = match[2] === undefined ? 1 : Number(match[2]);
		for (let line = start; line < start + count; line++) lines.push(line);
	}
	return lines;
}
