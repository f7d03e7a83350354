import type { Dirent } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Sandbox } from "../../contract/index.js";
import { globToRegExp } from "../../input/index.js";
import { clearPath, placeFile } from "./place-file.js";

/** What {@link resetTestFiles} changed in the grading copy. */
export interface ResetSummary {
	/** Test files put back to their fixture version (the model changed, replaced or deleted them). */
	readonly restored: readonly string[];
	/** Test files the model added, which the fixture lacks, removed. */
	readonly removed: readonly string[];
}

/**
 * Puts the test files matching `globs` back as the fixture has them, so edits to tests earn
 * nothing: a changed, replaced (by a symlink) or deleted one is restored, one the fixture lacks is
 * removed. Unchanged files are left alone. The workdir is walked without following symlinks.
 */
export async function resetTestFiles(
	sandbox: Sandbox,
	fixture: string,
	globs: readonly string[],
): Promise<ResetSummary> {
	if (globs.length === 0) return { restored: [], removed: [] };
	const patterns = globs.map(globToRegExp);
	const matches = (path: string) => patterns.some((pattern) => pattern.test(path));
	const inWorkdir = (await walk(sandbox.workdir)).filter((entry) => matches(entry.path));
	const inFixture = new Map(
		(await walk(fixture)).filter((entry) => entry.kind === "file" && matches(entry.path)).map((e) => [e.path, e]),
	);
	const restored: string[] = [];
	const removed: string[] = [];
	for (const entry of inWorkdir) {
		if (inFixture.has(entry.path)) continue;
		await clearPath(sandbox, entry.path);
		removed.push(entry.path);
	}
	const present = new Map(inWorkdir.map((entry) => [entry.path, entry]));
	for (const path of inFixture.keys()) {
		const original = await readFile(join(fixture, path));
		const current = present.get(path);
		if (current?.kind === "file" && (await readFile(join(sandbox.workdir, path))).equals(original)) continue;
		await placeFile(sandbox, path, original);
		restored.push(path);
	}
	return { restored, removed };
}

interface WalkEntry {
	/** Relative, `/`-separated. */
	readonly path: string;
	readonly kind: "file" | "other";
}

/** Every non-folder entry under `root`, descending into real folders only (never a symlink). */
async function walk(root: string): Promise<WalkEntry[]> {
	const found: WalkEntry[] = [];
	const pending = [""];
	for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
		let entries: Dirent[];
		try {
			entries = await readdir(join(root, folder), { withFileTypes: true });
		} catch {
			continue; // vanished or unreadable: nothing to reset there
		}
		for (const entry of entries) {
			const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
			if (entry.isDirectory()) pending.push(path);
			else found.push({ path, kind: entry.isFile() ? "file" : "other" });
		}
	}
	return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
