import { mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * Makes a folder and its missing parents, like `mkdir -p`, one level at a time. Node's own
 * `mkdirSync(path, { recursive: true })` never returns for a path under /proc or /sys (`--db
 * /proc/x/db` hung the command at full CPU): those file systems answer ENOENT for a folder that
 * cannot be made there, and Node keeps retrying its parent. Here that is an ENOENT error like any
 * other, for the caller to turn into bad input.
 */
export function makeFolders(path: string): void {
	const missing: string[] = [];
	let current = resolve(path);
	while (statSync(current, { throwIfNoEntry: false }) === undefined) {
		missing.push(current);
		const parent = dirname(current);
		if (parent === current) break;
		current = parent;
	}
	for (const folder of missing.reverse()) {
		try {
			mkdirSync(folder);
		} catch (error) {
			// Made meanwhile by someone else (two runs starting together): fine, if it is a folder.
			if ((error as NodeJS.ErrnoException).code === "EEXIST" && statSync(folder).isDirectory()) continue;
			throw error;
		}
	}
}
