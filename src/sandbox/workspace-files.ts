import { lstat, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { SandboxEntry, SandboxEntryKind } from "../contract/index.js";
import { chownTree, type Workspace } from "./workspace.js";
import { resolveInWorkdir } from "./workspace-paths.js";

/** Reads a file of the workdir as UTF-8. */
export async function readWorkspaceFile(workspace: Workspace, path: string): Promise<string> {
	const resolved = await resolveInWorkdir(workspace.workdir, path, "file");
	return readFile(resolved.host, "utf8");
}

/**
 * Writes a file of the workdir, creating missing folders. New files and folders go to the
 * workspace's owner, so commands (running as that owner) can change them afterwards.
 */
export async function writeWorkspaceFile(
	workspace: Workspace,
	path: string,
	content: string | Uint8Array,
): Promise<void> {
	const resolved = await resolveInWorkdir(workspace.workdir, path, "writable-file");
	const folder = dirname(resolved.host);
	const created = await mkdir(folder, { recursive: true });
	await writeFile(resolved.host, content);
	if (workspace.owner === null) return;
	// mkdir -p names the top folder it made; everything new is under it.
	await chownTree(created ?? resolved.host, workspace.owner);
}

/** Lists a folder of the workdir, sorted by name; symlinks are reported, not followed. */
export async function listWorkspaceFolder(workspace: Workspace, path = "."): Promise<SandboxEntry[]> {
	const resolved = await resolveInWorkdir(workspace.workdir, path, "directory");
	const names = (await readdir(resolved.host)).sort();
	const entries: SandboxEntry[] = [];
	for (const name of names) {
		const stats = await lstat(join(resolved.host, name)).catch(() => undefined);
		if (stats === undefined) continue; // removed while listing
		const kind: SandboxEntryKind = stats.isFile()
			? "file"
			: stats.isDirectory()
				? "directory"
				: stats.isSymbolicLink()
					? "symlink"
					: "other";
		const entryPath = resolved.relative === "" ? name : `${resolved.relative}/${name}`;
		entries.push({ name, path: entryPath, kind, size_bytes: kind === "file" ? stats.size : null });
	}
	return entries;
}
