import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";

/**
 * Calls `visit` with every entry under `root` that is not a folder, descending into real folders
 * only (never through a symlink); folders that vanish or cannot be read are skipped. Stops when
 * `visit` returns false.
 */
export async function walkTree(root: string, visit: (path: string, entry: Dirent) => Promise<boolean>): Promise<void> {
	const pending = [root];
	for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
		let entries: Dirent[];
		try {
			entries = await readdir(folder, { withFileTypes: true });
		} catch {
			continue;
		}
		for (const entry of entries) {
			const path = join(folder, entry.name);
			if (entry.isDirectory()) pending.push(path);
			else if (!(await visit(path, entry))) return;
		}
	}
}
