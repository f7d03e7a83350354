import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { type HiddenFile, type Sandbox, sha256 } from "../../contract/index.js";
import { isInsideRelative, placeFile } from "./place-file.js";
import { VerifierHarnessError } from "./verifier-harness-error.js";

/**
 * The sha256 of a hidden file of the task, read now, so a changed gold test or checks script
 * changes the grader's config and with it every cell key; null when it cannot be read (grading
 * then fails with a harness error that says so).
 */
export function hiddenFileDigest(taskDir: string, source: string): string | null {
	const path = hiddenPath(taskDir, source);
	if (path === null) return null;
	try {
		return sha256(readFileSync(path));
	} catch {
		return null;
	}
}

/** Reads a hidden file of the task; a path leaving the task folder or a missing file is a harness error. */
export async function readHiddenFile(verifier: string, taskDir: string, source: string): Promise<Buffer> {
	const path = hiddenPath(taskDir, source);
	if (path === null)
		throw new VerifierHarnessError(
			verifier,
			`the hidden file ${JSON.stringify(source)} is not a path inside the task folder ${taskDir}`,
			"give hidden files as paths relative to the task folder, without `..`",
		);
	try {
		return await readFile(path);
	} catch (error) {
		throw new VerifierHarnessError(
			verifier,
			`cannot read the hidden file ${path}: ${error instanceof Error ? error.message : String(error)}`,
			"add the file to the task folder (outside fixture/), or correct its path in task.yaml",
			{ cause: error },
		);
	}
}

/**
 * Copies the task's hidden files into the grading copy at their targets, replacing whatever the
 * model put there. Returns the targets written.
 */
export async function placeHiddenFiles(
	verifier: string,
	sandbox: Sandbox,
	taskDir: string,
	files: readonly HiddenFile[],
): Promise<string[]> {
	const placed: string[] = [];
	for (const file of files) {
		if (!isInsideRelative(file.target))
			throw new VerifierHarnessError(
				verifier,
				`the hidden file's target ${JSON.stringify(file.target)} is not a path inside the workdir`,
				"give targets relative to the workdir, without `..`",
			);
		await placeFile(sandbox, file.target, await readHiddenFile(verifier, taskDir, file.source));
		placed.push(file.target);
	}
	return placed;
}

function hiddenPath(taskDir: string, source: string): string | null {
	const root = resolve(taskDir);
	const path = resolve(root, source);
	const inside = relative(root, path);
	if (inside === "" || inside.startsWith(`..${sep}`) || inside === ".." || isAbsolute(inside)) return null;
	return path;
}
