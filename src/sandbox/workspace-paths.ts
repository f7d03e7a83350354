import { lstat, realpath } from "node:fs/promises";
import { dirname, isAbsolute, join, posix, relative, sep } from "node:path";
import { SandboxPathError } from "../contract/index.js";

/** What a path must name: an existing file, an existing folder, or a file that may not exist yet. */
export type PathTarget = "file" | "directory" | "writable-file";

/** A checked path: where it is on the host, and where relative to the workdir (`/`-separated). */
export interface ResolvedPath {
	readonly host: string;
	readonly relative: string;
}

/**
 * Resolves `requested` (relative to `workdir`, which has no symlinks in it) to a host path that
 * is inside the workdir once every symlink is followed. Refuses absolute paths, `..` that climbs
 * out, and symlinks that point out, with a SandboxPathError: commands in the sandbox make
 * symlinks, and a symlink must never let the host read or write outside the workdir for them.
 * For `writable-file`, missing parent folders are allowed (they are created inside later).
 */
export async function resolveInWorkdir(workdir: string, requested: string, target: PathTarget): Promise<ResolvedPath> {
	// The workdir itself: ours, and never a symlink (commands cannot replace a mount point).
	if (target === "directory" && (requested === "." || requested === "")) return { host: workdir, relative: "" };
	if (requested.includes("\0") || isAbsolute(requested))
		throw outside(requested, "is an absolute path; give a path relative to the workdir");
	const normal = posix.normalize(requested.split(sep).join("/"));
	if (normal === ".." || normal.startsWith("../")) throw outside(requested, "climbs out of the workdir");

	const lexical = join(workdir, normal);
	const stats = await lstat(lexical).catch(() => undefined);
	if (stats === undefined) {
		if (target !== "writable-file") throw new SandboxPathError(requested, "not-found", `${requested} does not exist`);
		// Not there yet: its nearest existing ancestor must resolve inside.
		const ancestor = await nearestExisting(dirname(lexical));
		if (ancestor === undefined) throw outside(requested, "is under a symlink to nothing inside the workdir");
		insideOrThrow(workdir, ancestor, requested);
		return { host: lexical, relative: relativePath(workdir, lexical) };
	}
	const real = await realpath(lexical).catch(() => undefined);
	if (real === undefined) throw outside(requested, "is a symlink to nothing inside the workdir");
	insideOrThrow(workdir, real, requested);
	const realStats = await lstat(real);
	if (target === "directory" && !realStats.isDirectory())
		throw new SandboxPathError(requested, "not-a-directory", `${requested} is not a folder`);
	if (target !== "directory" && !realStats.isFile())
		throw new SandboxPathError(requested, "not-a-file", `${requested} is not a file`);
	return { host: real, relative: relativePath(workdir, real) };
}

/** The real path of the nearest ancestor of `path` that exists; undefined for a dangling symlink. */
async function nearestExisting(path: string): Promise<string | undefined> {
	let current = path;
	while ((await lstat(current).catch(() => undefined)) === undefined) {
		const parent = dirname(current);
		if (parent === current) break;
		current = parent;
	}
	return realpath(current).catch(() => undefined);
}

function insideOrThrow(workdir: string, real: string, requested: string): void {
	if (real !== workdir && !real.startsWith(workdir + sep))
		throw outside(requested, "leads outside the workdir (through a symlink)");
}

function relativePath(workdir: string, host: string): string {
	return relative(workdir, host).split(sep).join("/");
}

function outside(requested: string, why: string): SandboxPathError {
	return new SandboxPathError(requested, "outside-workdir", `${requested} ${why}; paths must stay inside the workdir`);
}
