import { lstat, readdir, readFile, readlink } from "node:fs/promises";
import { join } from "node:path";
import { FIXTURE_MANIFEST, sha256 } from "../../contract/index.js";
import { SnapshotError } from "./snapshot-error.js";

/** What a fixture's content comes down to. */
export interface FixtureDigest {
	/** Hex sha256 over the sorted entries (see {@link fixtureHash}). */
	readonly hash: string;
	/** How many files (and symbolic links) the tree holds. */
	readonly files: number;
}

/**
 * The content hash of the tree at `dir`: sha256 over its entries sorted by relative path, each
 * entry the path, its kind (executable file, other file, symbolic link) and the sha256 of its
 * content (of its target, for a link). Independent of the order files were written in, of
 * timestamps, owners and other mode bits, and of empty folders; part of a task cell's key. The
 * manifest `touchstone snapshot` writes at the root ({@link FIXTURE_MANIFEST}) is not part of it.
 */
export async function fixtureHash(dir: string): Promise<string> {
	return (await fixtureDigest(dir)).hash;
}

/** {@link fixtureHash} and the number of files it covers, in one walk. */
export async function fixtureDigest(dir: string): Promise<FixtureDigest> {
	const entries: string[] = [];
	const walk = async (folder: string, prefix: string): Promise<void> => {
		for (const name of await readdir(folder)) {
			if (prefix === "" && name === FIXTURE_MANIFEST) continue;
			const path = join(folder, name);
			const relative = prefix === "" ? name : `${prefix}/${name}`;
			const stats = await lstat(path);
			if (stats.isDirectory()) await walk(path, relative);
			else if (stats.isSymbolicLink()) entries.push(entry(relative, "link", sha256(await readlink(path))));
			else if (stats.isFile())
				entries.push(entry(relative, (stats.mode & 0o111) !== 0 ? "exec" : "file", sha256(await readFile(path))));
			else
				throw new SnapshotError(`${path} is neither a file, a folder nor a symbolic link; a fixture holds only those`);
		}
	};
	await walk(dir, "");
	// Code-unit order, not the locale's: the hash must be the same on every machine.
	entries.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
	return { hash: sha256(`fixture-hash-v1\n${entries.join("")}`), files: entries.length };
}

function entry(path: string, kind: string, contentHash: string): string {
	return `${JSON.stringify(path)} ${kind} ${contentHash}\n`;
}
