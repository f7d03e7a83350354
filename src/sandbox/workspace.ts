import { chmod, cp, lchown, mkdir, mkdtemp, readdir, realpath, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TouchstoneError } from "../contract/index.js";
import { specialKind } from "./special-files.js";

/** A user and group that own a workdir and run its commands. */
export interface Owner {
	readonly uid: number;
	readonly gid: number;
}

/**
 * One cell's private folder: `work/` (the workdir, a fresh copy of the fixture), `tmp/` (the
 * process backend's temporary folder) and `diff/` (scratch for diffing). Only `work/` is ever
 * visible to an isolated command.
 */
export interface Workspace {
	/** The private folder holding everything below. */
	readonly root: string;
	/** The workdir, with symlinks resolved. */
	readonly workdir: string;
	/** The fixture it was copied from, with symlinks resolved; null for an empty workdir. */
	readonly fixture: string | null;
	/** Who owns the workdir's files; null for the current user. */
	readonly owner: Owner | null;
}

/** Options of {@link createWorkspace}. */
export interface WorkspaceOptions {
	/** Folder to copy; omit for an empty workdir. */
	readonly fixture?: string;
	/** Where to make the private folder; default the system's temporary folder. */
	readonly tempRoot?: string;
	/** Give the workdir to this user (when touchstone runs as root and commands must not). */
	readonly owner?: Owner | null;
}

/** Makes a private folder and copies the fixture into its workdir. */
export async function createWorkspace(options: WorkspaceOptions = {}): Promise<Workspace> {
	const fixture = options.fixture === undefined ? null : await checkedFixture(options.fixture);
	const root = await realpath(await mkdtemp(join(options.tempRoot ?? tmpdir(), "touchstone-sandbox-")));
	try {
		const workdir = join(root, "work");
		if (fixture === null) await mkdir(workdir);
		// A FIFO, socket or device cannot be copied (and a FIFO hangs a reader), a dangling link
		// points nowhere: they are left out, and whoever copies a model's workdir reports them.
		else
			await cp(fixture, workdir, {
				recursive: true,
				verbatimSymlinks: true,
				filter: async (source) => (await specialKind(fixture, source)) === null,
			});
		await mkdir(join(root, "tmp"));
		const owner = options.owner ?? null;
		if (owner !== null) {
			// The owner must reach work/ through root/, and nothing else there.
			await chmod(root, 0o711);
			await chownTree(workdir, owner);
		}
		return { root, workdir, fixture, owner };
	} catch (error) {
		await rm(root, { recursive: true, force: true });
		throw error;
	}
}

/** Removes a workspace and everything in it. */
export async function removeWorkspace(workspace: Workspace): Promise<void> {
	await rm(workspace.root, { recursive: true, force: true, maxRetries: 3 });
}

/** Gives a file or folder and everything under it to `owner`, never following symlinks. */
export async function chownTree(path: string, owner: Owner): Promise<void> {
	await lchown(path, owner.uid, owner.gid);
	const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
	for (const entry of entries) {
		const child = join(path, entry.name);
		if (entry.isDirectory()) await chownTree(child, owner);
		else await lchown(child, owner.uid, owner.gid);
	}
}

async function checkedFixture(fixture: string): Promise<string> {
	const stats = await stat(fixture).catch(() => undefined);
	if (stats?.isDirectory() !== true)
		throw new TouchstoneError(
			"sandbox-fixture",
			`the fixture ${fixture} is not a folder; materialize the task's fixture first (touchstone snapshot)`,
		);
	return realpath(fixture);
}
