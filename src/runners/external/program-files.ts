import { realpathSync, statSync } from "node:fs";
import { chmod, copyFile, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import type { SandboxMount } from "../../contract/index.js";
import { sandboxOwner } from "../../sandbox/index.js";

/** Folders every sandbox shows already (the read-only system): files there need nothing. */
const SYSTEM_FOLDERS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];

/**
 * The host files a command names by absolute path (its program, a script given to an
 * interpreter: `node /abs/agent.mjs`) that a sandbox would not show: regular files outside the
 * system folders and outside `shown` (folders already visible, such as mounts). Only files: a
 * folder the command needs is for the entry's `mounts:`, so nothing more is exposed than written.
 */
export async function programFiles(argv: readonly string[], shown: readonly string[]): Promise<string[]> {
	const files: string[] = [];
	for (const argument of argv) {
		if (!argument.startsWith("/") || files.includes(argument)) continue;
		if ([...SYSTEM_FOLDERS, ...shown].some((folder) => argument === folder || argument.startsWith(`${folder}/`)))
			continue;
		const stats = await stat(argument).catch(() => undefined);
		if (stats?.isFile() === true) files.push(argument);
	}
	return files;
}

/** How program files are shown inside a bubblewrap sandbox, and how to remove what that took. */
export interface StagedFiles {
	/** Files bound read-only at their own path. */
	readonly readOnlyPaths: readonly string[];
	/** Copies mounted read-only at the original files' paths. */
	readonly mounts: readonly SandboxMount[];
	/** Removes the copies. */
	remove(): Promise<void>;
}

/**
 * Shows files inside a bubblewrap sandbox at their own paths: bound where the sandbox's user can
 * read them, else copied (at the attempt's start) into a private folder that user can read and
 * mounted there. When touchstone runs as root, commands run as `nobody`, and bwrap, running as
 * `nobody` too, cannot open a script in root's 0700 folders (`/root`, `mkdtemp`).
 */
export async function stageProgramFiles(files: readonly string[], tempRoot?: string): Promise<StagedFiles> {
	const readOnlyPaths: string[] = [];
	const mounts: SandboxMount[] = [];
	let staging: string | null = null;
	const remove = async () => {
		if (staging !== null) await rm(staging, { recursive: true, force: true });
	};
	try {
		for (const [index, file] of files.entries()) {
			if (sandboxCanRead(file)) {
				readOnlyPaths.push(file);
				continue;
			}
			if (staging === null) {
				staging = await mkdtemp(join(tempRoot ?? tmpdir(), "touchstone-program-"));
				await chmod(staging, 0o755);
			}
			const copy = join(staging, `${index}-${basename(file)}`);
			await copyFile(file, copy);
			const mode = (await stat(file)).mode;
			// Readable by all, and executable by all when its owner could execute it.
			await chmod(copy, 0o444 | ((mode & 0o100) !== 0 ? 0o111 : 0));
			mounts.push({ from: copy, to: file });
		}
	} catch (error) {
		await remove();
		throw error;
	}
	return { readOnlyPaths, mounts, remove };
}

/**
 * Whether the sandbox's user can open a host path: always when commands run as the current user;
 * as `nobody` (touchstone runs as root), when the path is readable by others (folders also
 * searchable) and every folder above it, as written and with links resolved, is searchable.
 */
export function sandboxCanRead(path: string): boolean {
	if (sandboxOwner() === null) return true;
	try {
		const real = realpathSync(path);
		const target = statSync(real);
		const wanted = target.isDirectory() ? 0o005 : 0o004;
		if ((target.mode & wanted) !== wanted) return false;
		for (const start of new Set([path, real]))
			for (let folder = dirname(start); ; folder = dirname(folder)) {
				if ((statSync(folder).mode & 0o001) === 0) return false;
				if (folder === dirname(folder)) break;
			}
		return true;
	} catch {
		return false;
	}
}
