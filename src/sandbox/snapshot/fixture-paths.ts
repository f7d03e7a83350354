import { lstat, readdir, readlink } from "node:fs/promises";
import { isAbsolute, join, posix } from "node:path";

/** A fixture path that resolved inside the fixture, or why it does not. */
export type InsidePath =
	| { readonly path: string; readonly problem: null }
	| { readonly path: null; readonly problem: string };

/**
 * The absolute path of `relative` inside `root`, or why it is refused: absolute, climbing out with
 * `..`, inside `.git`, or going through a symbolic link (which could lead anywhere). The task
 * loader checks the text of paths already; this checks again against the tree as it is, because
 * a repository may hold symbolic links.
 */
export async function pathInside(root: string, relative: string): Promise<InsidePath> {
	const refuse = (problem: string): InsidePath => ({ path: null, problem });
	if (relative === "" || relative.includes("\0")) return refuse("is not a valid path");
	if (isAbsolute(relative) || relative.includes("\\"))
		return refuse("is not a `/`-separated path relative to fixture/");
	const normalized = posix.normalize(relative);
	if (normalized === ".." || normalized.startsWith("../")) return refuse("leaves fixture/");
	const segments = normalized.split("/").filter((segment) => segment !== "" && segment !== ".");
	if (segments.length === 0) return refuse("names fixture/ itself, not a file");
	if (segments.includes(".git")) return refuse("is inside `.git`, which a fixture never holds");
	for (let depth = 1; depth < segments.length; depth++) {
		const stats = await lstat(join(root, ...segments.slice(0, depth))).catch(() => null);
		if (stats === null) break;
		if (stats.isSymbolicLink()) return refuse(`goes through the symbolic link ${segments.slice(0, depth).join("/")}`);
	}
	return { path: join(root, ...segments), problem: null };
}

/**
 * Symbolic links in the tree at `root` whose target is absolute or leaves the tree, as
 * `link -> target` pairs sorted by path: a fixture must not point the model's tools outside it.
 */
export async function escapingLinks(root: string): Promise<string[]> {
	const found: string[] = [];
	const walk = async (dir: string, prefix: string): Promise<void> => {
		for (const entry of await readdir(dir, { withFileTypes: true })) {
			const relative = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
			if (entry.isDirectory()) await walk(join(dir, entry.name), relative);
			else if (entry.isSymbolicLink()) {
				const target = await readlink(join(dir, entry.name));
				const resolved = posix.normalize(posix.join(posix.dirname(relative), target));
				if (isAbsolute(target) || resolved === ".." || resolved.startsWith("../"))
					found.push(`${relative} -> ${target}`);
			}
		}
	};
	await walk(root, "");
	return found.sort();
}
