import { lstat, rm } from "node:fs/promises";
import { isAbsolute, join, posix } from "node:path";
import type { Sandbox } from "../../contract/index.js";

/**
 * Whether `path` is a clean relative path inside the workdir (`/`-separated, no `..`, not
 * absolute), the only kind a verifier writes or removes.
 */
export function isInsideRelative(path: string): boolean {
	if (path === "" || path.includes("\0") || isAbsolute(path) || path.includes("\\")) return false;
	const normal = posix.normalize(path);
	return normal === path.replace(/^\.\//, "") && normal !== "." && normal !== ".." && !normal.startsWith("../");
}

/**
 * Writes a trusted file (a gold test, a restored fixture file) at `path` in the sandbox's workdir,
 * exactly there: whatever the model left on the way (a symlink or a file where a folder should be,
 * a symlink or folder at the path itself) is removed first, so the file can neither land elsewhere
 * through a link nor be shadowed. Works on the grading copy only.
 */
export async function placeFile(sandbox: Sandbox, path: string, content: string | Uint8Array): Promise<void> {
	await clearPath(sandbox, path);
	await sandbox.write(path, content);
}

/**
 * Removes whatever is at `path` in the sandbox's workdir (file, symlink or folder), never following
 * a symlink, and clears the way to it as {@link placeFile} does. A missing path is fine.
 */
export async function clearPath(sandbox: Sandbox, path: string): Promise<void> {
	if (!isInsideRelative(path)) throw new RangeError(`not a relative path inside the workdir: ${path}`);
	const parts = posix.normalize(path).split("/");
	let current = sandbox.workdir;
	for (const [index, part] of parts.entries()) {
		current = join(current, part);
		const stats = await lstat(current).catch(() => undefined);
		if (stats === undefined) return;
		const last = index === parts.length - 1;
		// Each earlier part was checked to be a real folder, so `current` cannot lead outside.
		if (last || !stats.isDirectory()) {
			await rm(current, { recursive: true, force: true });
			return;
		}
	}
}
