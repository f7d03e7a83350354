import { lstat, readFile, realpath } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";

/**
 * Bytes of target-file content a single-shot task may give its model, over all its files (256
 * KiB): the request must stay a prompt, not a repository. A task past it is refused when loaded.
 */
export const SINGLE_SHOT_FILES_MAX_BYTES = 256 * 1024;

/** One target file as the model is shown it: its content, or null for a file it is to create. */
export interface TaskFile {
	readonly path: string;
	readonly content: string | null;
}

/** The target files read from a task's base, or why they cannot be given to a model. */
export type TaskFiles =
	| { readonly files: readonly TaskFile[]; readonly bytes: number; readonly problem: null }
	| { readonly files: readonly []; readonly bytes: number; readonly problem: string };

/**
 * Reads a single-shot task's target files from `baseDir` (the folder every workdir is copied
 * from). A missing file is one the model creates; a folder, a symbolic link, a file under a link
 * leading elsewhere, or a total past `maxBytes` is a problem of the task, never of the model.
 */
export async function readTaskFiles(
	baseDir: string,
	targets: readonly string[],
	maxBytes: number = SINGLE_SHOT_FILES_MAX_BYTES,
): Promise<TaskFiles> {
	const problem = (why: string, bytes: number): TaskFiles => ({ files: [], bytes, problem: why });
	if (targets.length === 0) return problem("the task lists no target_files, so there is nothing to give the model", 0);
	const root = await realpath(baseDir);
	const files: TaskFile[] = [];
	let bytes = 0;
	for (const path of targets) {
		const host = join(root, path);
		const stats = await lstat(host).catch(() => undefined);
		if (stats === undefined) {
			// A file to create: its folder must not lead out of the base through a link.
			if (!(await insideThroughLinks(root, dirname(host))))
				return problem(`the target file ${path} lies under a symbolic link that leads out of the fixture`, bytes);
			files.push({ path, content: null });
			continue;
		}
		if (stats.isSymbolicLink()) return problem(`the target file ${path} is a symbolic link in the fixture`, bytes);
		if (!stats.isFile()) return problem(`the target file ${path} is not a file in the fixture`, bytes);
		const real = relative(root, await realpath(host));
		if (real !== path.split("/").join(sep)) return problem(`the target file ${path} lies under a symbolic link`, bytes);
		bytes += stats.size;
		if (bytes > maxBytes)
			return problem(
				`the target files hold more than ${maxBytes.toLocaleString("en-US")} bytes (${bytes.toLocaleString("en-US")} once ${path} is counted), more than one request may carry`,
				bytes,
			);
		files.push({ path, content: await readFile(host, "utf8") });
	}
	return { files, bytes, problem: null };
}

/** Whether the nearest existing folder of `folder` resolves inside `root` once links are followed. */
async function insideThroughLinks(root: string, folder: string): Promise<boolean> {
	let current = folder;
	while ((await lstat(current).catch(() => undefined)) === undefined && current !== root) current = dirname(current);
	const real = await realpath(current).catch(() => undefined);
	if (real === undefined) return false;
	const inside = relative(root, real);
	return inside !== ".." && !inside.startsWith(`..${sep}`) && !inside.startsWith(sep);
}
