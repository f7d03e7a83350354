import { readdir, rm, rmdir } from "node:fs/promises";
import { join } from "node:path";
import { globToRegExp } from "../../input/index.js";

/**
 * Removes every file or folder under `root` whose relative path matches one of `globs` (see
 * {@link globToRegExp}; a matching folder goes with everything in it), then removes the folders
 * left empty, as git would never have extracted them. Symbolic links are removed, never followed.
 * Returns how many entries matched.
 */
export async function removeExcluded(root: string, globs: readonly string[]): Promise<number> {
	if (globs.length === 0) return 0;
	const patterns = globs.map(globToRegExp);
	let removed = 0;
	const walk = async (dir: string, prefix: string): Promise<boolean> => {
		// True when the folder ends up empty because of a removal (never for one that was empty before).
		let empty = true;
		let emptied = false;
		for (const entry of await readdir(dir, { withFileTypes: true })) {
			const relative = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
			const path = join(dir, entry.name);
			if (patterns.some((pattern) => pattern.test(relative))) {
				await rm(path, { recursive: true, force: true });
				removed++;
				emptied = true;
			} else if (entry.isDirectory() && (await walk(path, relative))) {
				await rmdir(path);
				emptied = true;
			} else {
				empty = false;
			}
		}
		return empty && emptied;
	};
	await walk(root, "");
	return removed;
}
