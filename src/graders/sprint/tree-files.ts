import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { lstat, readdir, readlink } from "node:fs/promises";
import { join } from "node:path";

/** What one entry of a tree is, as compared: a file (by content), a symlink (by target) or something else. */
type Entry = { readonly kind: "file"; readonly size: number } | { readonly kind: "symlink" | "other" };

/** How two trees differ, by repository-relative path (`/` separators), each list sorted. */
export interface TreeChanges {
	readonly added: readonly string[];
	readonly changed: readonly string[];
	readonly deleted: readonly string[];
}

/**
 * Every entry under `root` that is not a folder, by repository-relative path, never following a
 * symlink. A `.git` at the top is left out: the layers compare files, not history.
 */
export async function treeEntries(root: string): Promise<Map<string, Entry>> {
	const entries = new Map<string, Entry>();
	const pending = [""];
	for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
		const names = await readdir(join(root, folder), { withFileTypes: true });
		for (const dirent of names) {
			const path = folder === "" ? dirent.name : `${folder}/${dirent.name}`;
			if (path === ".git") continue;
			if (dirent.isDirectory()) pending.push(path);
			else if (dirent.isSymbolicLink()) entries.set(path, { kind: "symlink" });
			else if (dirent.isFile()) entries.set(path, { kind: "file", size: (await lstat(join(root, path))).size });
			else entries.set(path, { kind: "other" });
		}
	}
	return entries;
}

/** The repository-relative paths of the files under `root` (symlinks included), sorted. */
export async function treeFiles(root: string): Promise<string[]> {
	return [...(await treeEntries(root)).keys()].sort();
}

/**
 * What changed from `before` to `after`: paths only in `after` (added), only in `before`
 * (deleted), and in both with another content, symlink target or kind (changed). What `git diff
 * --name-status` would print for the two trees, without a repository.
 */
export async function compareTrees(before: string, after: string): Promise<TreeChanges> {
	const [old, next] = await Promise.all([treeEntries(before), treeEntries(after)]);
	const added: string[] = [];
	const changed: string[] = [];
	const deleted = [...old.keys()].filter((path) => !next.has(path)).sort();
	for (const [path, entry] of next) {
		const was = old.get(path);
		if (was === undefined) added.push(path);
		else if (!(await sameEntry(join(before, path), was, join(after, path), entry))) changed.push(path);
	}
	return { added: added.sort(), changed: changed.sort(), deleted };
}

async function sameEntry(leftPath: string, left: Entry, rightPath: string, right: Entry): Promise<boolean> {
	if (left.kind !== right.kind) return false;
	if (left.kind === "symlink") return (await readlink(leftPath)) === (await readlink(rightPath));
	if (left.kind === "other" || right.kind !== "file" || left.kind !== "file") return true;
	if (left.size !== right.size) return false;
	const [a, b] = await Promise.all([contentHash(leftPath), contentHash(rightPath)]);
	return a === b;
}

async function contentHash(path: string): Promise<string> {
	const hash = createHash("sha256");
	for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
	return hash.digest("hex");
}
