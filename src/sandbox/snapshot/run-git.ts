import { spawn } from "node:child_process";
import { SnapshotError } from "./snapshot-error.js";

/** How a git (or tar) run ended. */
export interface ProcessOutcome {
	/** Exit code; null when a signal ended it. */
	readonly code: number | null;
	/** Everything it printed on stdout, as UTF-8. */
	readonly stdout: string;
	/** Everything it printed on stderr, trimmed. */
	readonly stderr: string;
}

/** Options of {@link runGit}. */
export interface RunGitOptions {
	/** Working directory; default the current one. */
	readonly cwd?: string;
	/** Environment variables added to the inherited environment. */
	readonly env?: Readonly<Record<string, string>>;
	/** Text written to its stdin; default none. */
	readonly input?: string;
}

/**
 * Runs `git ARGS` to its end and returns how it ended; rejects only when git cannot be started.
 * Snapshot commands touch local repositories only, so they run without a deadline.
 */
export function runGit(args: readonly string[], options: RunGitOptions = {}): Promise<ProcessOutcome> {
	return new Promise((resolve, reject) => {
		const child = spawn("git", args, {
			cwd: options.cwd,
			env: gitEnvironment(options.env),
			stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
		});
		if (options.input !== undefined) {
			child.stdin?.on("error", () => {});
			child.stdin?.end(options.input);
		}
		const stdout: Buffer[] = [];
		const stderr: Buffer[] = [];
		child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
		child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
		child.on("error", (error) => reject(cannotStart("git", error)));
		child.on("close", (code) =>
			resolve({
				code,
				stdout: Buffer.concat(stdout).toString("utf8"),
				stderr: Buffer.concat(stderr).toString("utf8").trim(),
			}),
		);
	});
}

/**
 * Streams `git archive` of `paths` at `commit` into `tar -x` in `into`, dropping `stripCount`
 * leading folders. Resolves with git's outcome (a failing tar is an error of its own).
 */
export function archiveInto(
	repo: string,
	commit: string,
	paths: readonly string[],
	into: string,
	stripCount: number,
): Promise<ProcessOutcome> {
	return new Promise((resolve, reject) => {
		// Literal pathspecs: a path is a path, never a glob or `:(magic)`.
		const git = spawn("git", ["--literal-pathspecs", "-C", repo, "archive", "--format=tar", commit, "--", ...paths], {
			env: gitEnvironment(),
			stdio: ["ignore", "pipe", "pipe"],
		});
		const strip = stripCount > 0 ? [`--strip-components=${stripCount}`] : [];
		const tar = spawn("tar", ["-x", "-f", "-", "-C", into, "--no-same-owner", ...strip], {
			stdio: ["pipe", "ignore", "pipe"],
		});
		const gitErrors: Buffer[] = [];
		const tarErrors: Buffer[] = [];
		git.stderr.on("data", (chunk: Buffer) => gitErrors.push(chunk));
		tar.stderr.on("data", (chunk: Buffer) => tarErrors.push(chunk));
		// When git fails, tar may exit first and close its stdin under git's output: not an error of its own.
		tar.stdin.on("error", () => {});
		git.stdout.pipe(tar.stdin);
		let failed = false;
		git.on("error", (error) => {
			failed = true;
			tar.kill();
			reject(cannotStart("git", error));
		});
		tar.on("error", (error) => {
			failed = true;
			git.kill();
			reject(cannotStart("tar", error));
		});
		const gitDone = new Promise<number | null>((done) => git.on("close", done));
		const tarDone = new Promise<number | null>((done) => tar.on("close", done));
		void Promise.all([gitDone, tarDone]).then(([gitCode, tarCode]) => {
			if (failed) return;
			const outcome = { code: gitCode, stdout: "", stderr: Buffer.concat(gitErrors).toString("utf8").trim() };
			if (gitCode === 0 && tarCode !== 0)
				reject(
					new SnapshotError(`tar could not extract the archive: ${Buffer.concat(tarErrors).toString("utf8").trim()}`),
				);
			else resolve(outcome);
		});
	});
}

/**
 * The inherited environment without the `GIT_*` variables a caller may have set (inside a git
 * hook, `GIT_DIR` and `GIT_INDEX_FILE` point at another repository), plus `extra`.
 */
function gitEnvironment(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
	const env: Record<string, string> = {};
	for (const [name, value] of Object.entries(process.env))
		if (value !== undefined && !name.startsWith("GIT_")) env[name] = value;
	return { ...env, ...extra };
}

function cannotStart(program: string, error: Error): SnapshotError {
	const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
	return new SnapshotError(
		missing
			? `${program} is not installed or not on PATH; materializing a fixture from a repository needs it`
			: `cannot start ${program}: ${error.message}`,
		{ cause: error },
	);
}
