import { lstat, readdir, readFile, readlink } from "node:fs/promises";
import { join } from "node:path";
import type { FileChange } from "./compute-norms.js";

/**
 * The files that differ between the fixture a model started from and the tree it left (regular
 * files by content, symbolic links by target; nothing is followed), sorted by path. Only reads:
 * the model's tree is its finished workspace, which hidden files never enter.
 */
export async function readTreeChanges(fixture: string, tree: string): Promise<FileChange[]> {
	const [before, after] = await Promise.all([listFiles(fixture), listFiles(tree)]);
	const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
	const changes: FileChange[] = [];
	for (const path of paths) {
		const a = before.get(path);
		const b = after.get(path);
		const left = a === undefined ? null : await contentOf(join(fixture, path), a);
		const right = b === undefined ? null : await contentOf(join(tree, path), b);
		if (left !== null && right !== null && left.equals(right)) continue;
		const textBefore = left === null ? null : textOf(left);
		const textAfter = right === null ? null : textOf(right);
		const binary =
			(left !== null && textBefore === null) || (right !== null && textAfter === null) || a === "link" || b === "link";
		changes.push({ path, before: binary ? null : textBefore, after: binary ? null : textAfter, binary });
	}
	return changes;
}

type Kind = "file" | "link";

async function listFiles(root: string): Promise<Map<string, Kind>> {
	const files = new Map<string, Kind>();
	const pending = [""];
	for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
		for (const entry of await readdir(join(root, folder), { withFileTypes: true })) {
			const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
			if (entry.isDirectory()) pending.push(path);
			else if (entry.isFile()) files.set(path, "file");
			else if (entry.isSymbolicLink()) files.set(path, "link");
		}
	}
	return files;
}

async function contentOf(path: string, kind: Kind): Promise<Buffer> {
	if (kind === "link") return Buffer.from(`link:${await readlink(path)}`);
	const stats = await lstat(path);
	return stats.isFile() ? readFile(path) : Buffer.alloc(0);
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/** The text of a file, or null when it is binary (a NUL byte, or not UTF-8). */
function textOf(content: Buffer): string | null {
	if (content.includes(0)) return null;
	try {
		return decoder.decode(content);
	} catch {
		return null;
	}
}
