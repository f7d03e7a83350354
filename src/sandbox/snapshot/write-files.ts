import { lstat, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { countOccurrences, type SnapshotPatch } from "../../contract/index.js";
import type { Problem } from "../../input/index.js";
import { pathInside } from "./fixture-paths.js";

/**
 * Writes the seeded files into the tree at `root`, adding or replacing files, in path order.
 * Returns a problem for each path that would leave the tree; nothing is written for those.
 */
export async function writeSeededFiles(root: string, files: Readonly<Record<string, string>>): Promise<Problem[]> {
	const problems: Problem[] = [];
	for (const path of Object.keys(files).sort()) {
		const inside = await pathInside(root, path);
		if (inside.path === null) {
			problems.push({
				path: ["snapshot", "files", path],
				message: `the seeded file path ${JSON.stringify(path)} ${inside.problem}`,
				fix: "write a `/`-separated path relative to fixture/, without `..`",
				atKey: true,
			});
			continue;
		}
		const blocked = await writeWhole(inside.path, files[path] ?? "");
		if (blocked !== null)
			problems.push({
				path: ["snapshot", "files", path],
				message: `${path} cannot be written: ${blocked}`,
				fix: "write another path, or remove what is in the way with `excludes:`",
				atKey: true,
			});
	}
	return problems;
}

/**
 * Applies patches in order: a `write` patch writes a whole file; a `replace` patch swaps its find
 * text, which must occur exactly once in the file (overlapping occurrences count), so a moved
 * snapshot fails loudly instead of silently patching nothing. Returns a problem per patch that
 * could not be applied, naming the file and the count found; the others are applied.
 */
export async function applyPatches(root: string, patches: readonly SnapshotPatch[]): Promise<Problem[]> {
	const problems: Problem[] = [];
	for (const [index, patch] of patches.entries()) {
		const at = ["snapshot", "patches", index];
		const inside = await pathInside(root, patch.path);
		if (inside.path === null) {
			problems.push({
				path: [...at, "path"],
				message: `the patch path ${JSON.stringify(patch.path)} ${inside.problem}`,
				fix: "write a `/`-separated path relative to fixture/, without `..`",
			});
			continue;
		}
		if (patch.kind === "write") {
			const blocked = await writeWhole(inside.path, patch.content);
			if (blocked !== null)
				problems.push({
					path: [...at, "path"],
					message: `${patch.path} cannot be written: ${blocked}`,
					fix: "write another path, or remove what is in the way with `excludes:`",
				});
			continue;
		}
		const stats = await lstat(inside.path).catch(() => null);
		if (stats === null || !stats.isFile()) {
			problems.push({
				path: [...at, "path"],
				message: `${patch.path} ${stats === null ? "does not exist" : "is not a regular file"} in the fixture, so it cannot be patched`,
				fix: "check the path against the snapshot's commit and paths, or use `content:` to write the whole file",
			});
			continue;
		}
		const text = await readFile(inside.path, "utf8");
		const count = countOccurrences(text, patch.find);
		if (count !== 1) {
			problems.push({
				path: [...at, "find"],
				message: `the find text occurs ${count} times in ${patch.path}; it must occur exactly once`,
				fix:
					count === 0
						? `update \`find\` to text that is in ${patch.path} at the snapshot's commit`
						: "add surrounding lines to `find` until it occurs only once",
			});
			continue;
		}
		const start = text.indexOf(patch.find);
		await writeFile(inside.path, text.slice(0, start) + patch.replace + text.slice(start + patch.find.length));
	}
	return problems;
}

/**
 * Writes a whole file, replacing a symbolic link at its place rather than writing through it.
 * Returns what is in the way when the file cannot be written there, else null.
 */
export async function writeWhole(path: string, content: string): Promise<string | null> {
	try {
		await mkdir(dirname(path), { recursive: true });
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "ENOTDIR" || code === "EEXIST")
			return "a file of the fixture stands where a folder of its path should be";
		throw error;
	}
	const stats = await lstat(path).catch(() => null);
	if (stats?.isDirectory() === true) return "it is a folder in the fixture";
	if (stats?.isSymbolicLink() === true) await unlink(path);
	await writeFile(path, content);
	return null;
}
