import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

// No user or system git configuration (signing, hooks, default branch) may change what a test sees.
const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" };

/** Runs git in `cwd` with a fixed identity; returns its trimmed stdout. */
export function git(cwd: string, ...args: string[]): string {
	const identity = ["-c", "user.name=touchstone", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"];
	return execFileSync("git", [...identity, ...args], { cwd, encoding: "utf8", env: GIT_ENV }).trim();
}

/** Creates an empty repository at `dir`. */
export function initRepo(dir: string): string {
	mkdirSync(dir, { recursive: true });
	git(dir, "init", "--quiet");
	return dir;
}

/** Writes (or, for null, deletes) files in the repository and commits them; returns the commit hash. */
export function commitFiles(repo: string, files: Record<string, string | null>): string {
	for (const [path, content] of Object.entries(files)) {
		const full = join(repo, path);
		if (content === null) rmSync(full, { recursive: true, force: true });
		else {
			mkdirSync(dirname(full), { recursive: true });
			writeFileSync(full, content);
		}
	}
	git(repo, "add", "--all");
	git(repo, "commit", "--quiet", "--message", "change");
	return git(repo, "rev-parse", "HEAD");
}

/** Writes files under `dir` (paths relative to it). */
export function writeFiles(dir: string, files: Record<string, string>): void {
	for (const [path, content] of Object.entries(files)) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), content);
	}
}
