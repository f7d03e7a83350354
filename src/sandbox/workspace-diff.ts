import { spawn } from "node:child_process";
import { mkdir, rm, symlink } from "node:fs/promises";
import { join } from "node:path";
import { type SandboxDiff, TouchstoneError } from "../contract/index.js";
import { CappedOutput } from "./capped-output.js";
import { findSpecialFiles, linkTreeWithoutSpecial } from "./special-files.js";
import type { Workspace } from "./workspace.js";

/** Default cap of a stored diff. */
export const DEFAULT_DIFF_CAP_BYTES = 256 * 1024;

/**
 * The unified diff of the workdir against its fixture, by `git diff --no-index` (binary files
 * summarized, symlinks compared as links, never followed). Git runs with no configuration of the
 * host's, so a user's pager, colours or external diff tool cannot change what is stored. It sees
 * `a/` (the fixture) and `b/` (the workdir) as symlinks in a scratch folder, so the headers read
 * `a/src/x.ts b/src/x.ts` whatever the real paths are.
 */
export async function diffWorkspace(workspace: Workspace, capBytes = DEFAULT_DIFF_CAP_BYTES): Promise<SandboxDiff> {
	const scratch = join(workspace.root, "diff");
	await rm(scratch, { recursive: true, force: true });
	await mkdir(scratch);
	if (workspace.fixture === null) await mkdir(join(scratch, "a"));
	else await diffSide(workspace.fixture, join(scratch, "a"));
	await diffSide(workspace.workdir, join(scratch, "b"));

	const output = new CappedOutput(capBytes);
	const { code, stderr } = await runGit(scratch, output);
	// 0: no difference, 1: differences; anything else is git's own failure.
	if (code !== 0 && code !== 1)
		throw new TouchstoneError("sandbox-diff", `git diff failed (exit ${code}): ${stderr.trim()}`);
	const text = output.lines().split("\n").map(fixNewDeletedHeader).join("\n");
	return { text, truncated: output.truncated, bytes: output.bytes, cap_bytes: capBytes };
}

/**
 * Shows `source` to git at `side`: a symlink to it, or, when it holds a FIFO, socket or device
 * (git refuses them: "unsupported file type"), a hard-linked view without them.
 */
async function diffSide(source: string, side: string): Promise<void> {
	const special = (await findSpecialFiles(source)).some((file) => file.kind !== "dangling-symlink");
	if (special) await linkTreeWithoutSpecial(source, side);
	else await symlink(source, side);
}

function runGit(cwd: string, output: CappedOutput): Promise<{ code: number | null; stderr: string }> {
	return new Promise((resolve, reject) => {
		const args = ["-c", "core.quotePath=false", "diff", "--no-index", "--no-color", "--no-ext-diff", "--no-textconv"];
		args.push("--src-prefix=", "--dst-prefix=", "--", "a/", "b/");
		const git = spawn("git", args, {
			cwd,
			env: {
				PATH: process.env.PATH ?? "/usr/bin:/bin",
				GIT_CONFIG_NOSYSTEM: "1",
				GIT_CONFIG_GLOBAL: "/dev/null",
				HOME: cwd,
				LANG: "C.UTF-8",
			},
			stdio: ["ignore", "pipe", "pipe"],
		});
		const stderr = new CappedOutput(64 * 1024);
		git.stdout.on("data", (chunk: Buffer) => output.push(chunk));
		git.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
		git.on("error", (error) =>
			reject(new TouchstoneError("sandbox-diff", `cannot run git to diff the workdir; install git (${error.message})`)),
		);
		git.on("close", (code) => resolve({ code, stderr: stderr.text() }));
	});
}

/**
 * Git names a new file `b/x b/x` and a deleted one `a/x a/x` when the sides are folders of their
 * own; rewrite them to the usual `a/x b/x`. Only `diff --git` lines change: no content line
 * starts with `diff` (they start with a space, `+`, `-`, `\` or `@`).
 */
function fixNewDeletedHeader(line: string): string {
	if (!line.startsWith("diff --git ")) return line;
	const names = line.slice("diff --git ".length);
	const half = (names.length - 1) / 2;
	const first = names.slice(0, half);
	if (!Number.isInteger(half) || names[half] !== " " || first !== names.slice(half + 1)) return line;
	if (!first.startsWith("a/") && !first.startsWith("b/")) return line; // a quoted name: leave it
	return `diff --git a/${first.slice(2)} b/${first.slice(2)}`;
}
