import { copyFile, link, lstat, mkdir, readdir, readlink, stat, symlink } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { SANDBOX_WORKDIR } from "../contract/index.js";
import { walkTree } from "./walk-tree.js";

/** Kinds of entry a workdir may hold that are not files, folders or working symlinks. */
export const SPECIAL_FILE_KINDS = ["fifo", "socket", "device", "dangling-symlink"] as const;
/** One of {@link SPECIAL_FILE_KINDS}. */
export type SpecialFileKind = (typeof SPECIAL_FILE_KINDS)[number];

/** A special entry of a workdir, left out of copies and diffs. */
export interface SpecialFile {
	/** Relative to the workdir, `/`-separated. */
	readonly path: string;
	readonly kind: SpecialFileKind;
}

/** At most this many special files are listed; a model can make millions. */
const LISTED = 100;

/**
 * The special entry at `path` (a FIFO, socket or device node, which no copy can take and which
 * hang a reader; or a symlink to nothing, as a command inside sees it), or null for a file, a
 * folder or a symlink that resolves. `root` is the workdir, shown to commands as /workspace.
 */
export async function specialKind(root: string, path: string): Promise<SpecialFileKind | null> {
	const stats = await lstat(path).catch(() => undefined);
	if (stats === undefined || stats.isFile() || stats.isDirectory()) return null;
	if (stats.isFIFO()) return "fifo";
	if (stats.isSocket()) return "socket";
	if (stats.isCharacterDevice() || stats.isBlockDevice()) return "device";
	if (!stats.isSymbolicLink()) return null;
	const target = await readlink(path).catch(() => "");
	// A link to /workspace/x means the workdir's x to a command inside.
	const inside = target === SANDBOX_WORKDIR || target.startsWith(`${SANDBOX_WORKDIR}/`);
	const resolved = inside
		? join(root, target.slice(SANDBOX_WORKDIR.length))
		: isAbsolute(target)
			? target
			: join(dirname(path), target);
	return (await stat(resolved).catch(() => undefined)) === undefined ? "dangling-symlink" : null;
}

/**
 * The special entries under `root` (see {@link specialKind}), sorted, at most {@link LISTED},
 * found without following symlinks. What a model left there is its attempt: these are reported
 * and left out of the grading copy and the diff, never allowed to break either.
 */
export async function findSpecialFiles(root: string): Promise<SpecialFile[]> {
	const found: SpecialFile[] = [];
	await walkTree(root, async (path, entry) => {
		if (entry.isFile()) return true;
		const kind = await specialKind(root, path);
		if (kind !== null) found.push({ path: relative(root, path).split(sep).join("/"), kind });
		return found.length < LISTED;
	});
	return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).slice(0, LISTED);
}

/** `fifo a/b, dangling-symlink c`: a list for a reasoning line. */
export function describeSpecialFiles(files: readonly SpecialFile[]): string {
	return files.map((file) => `${file.kind} ${file.path}`).join(", ");
}

/**
 * Rebuilds the tree at `source` under `destination` from hard links (a copy where a link cannot
 * be made), symlinks recreated as links and FIFOs, sockets and devices left out: a view of the
 * workdir git can diff without reading a FIFO, at the cost of one link per file.
 */
export async function linkTreeWithoutSpecial(source: string, destination: string): Promise<void> {
	await mkdir(destination, { recursive: true });
	for (const entry of await readdir(source, { withFileTypes: true })) {
		const from = join(source, entry.name);
		const to = join(destination, entry.name);
		if (entry.isDirectory()) await linkTreeWithoutSpecial(from, to);
		else if (entry.isFile()) await link(from, to).catch(() => copyFile(from, to));
		else if (entry.isSymbolicLink()) await symlink(await readlink(from), to);
	}
}
