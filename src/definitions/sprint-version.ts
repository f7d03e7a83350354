import { readdir, readFile, readlink } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { contentHash, type SprintDefinition, sha256 } from "../contract/index.js";

/** Version of the document {@link sprintVersion} hashes: bumping it re-versions every sprint. */
const SPRINT_VERSION_FORMAT = 1;

/** Hex digits of the content hash a sprint version keeps, as a benchmark version does. */
const VERSION_DIGITS = 12;

/** One entry of the etalon corpus: a file by its bytes' hash, or a symlink by its target. */
type EtalonEntry =
	| { readonly path: string; readonly sha256: string }
	| { readonly path: string; readonly link: string };

/**
 * The sprint's version: the content hash (12 hex digits) of everything the sprint freezes, so
 * that changing any of it makes every stored row of the sprint stale (its case version, and so
 * its cell keys, change). What it covers: the registry entry as loaded (source and baseline
 * commit, listed milestones, scope, commands, test globs, superseded tests, scoring weights and
 * thresholds, reviewer panel, attempts, budget, naming schemes), the guide's bytes, every file of
 * the etalon corpus (its path inside the etalon and its bytes), every mutation patch (name and
 * bytes). A plan file lives in the repository, so the baseline commit id freezes it.
 *
 * Left out on purpose: the machine's paths (the sprint folder, where it was checked out), the
 * title and the default orchestration mode. They change how a row is shown or which mode runs by
 * default, not what any run measures; the mode a row ran under is its harness.
 */
export async function sprintVersion(sprint: SprintDefinition): Promise<string> {
	const { dir, guide_path, etalon_path, mutation_patches, title: _title, orchestration: _default, ...frozen } = sprint;
	const [guide, etalon, mutations] = await Promise.all([
		readFile(guide_path),
		etalonEntries(etalon_path),
		Promise.all(
			mutation_patches.map(async (patch) => ({
				path: portable(relative(dir, patch)),
				sha256: sha256(await readFile(patch)),
			})),
		),
	]);
	const document = {
		format: SPRINT_VERSION_FORMAT,
		definition: frozen,
		guide: { path: portable(relative(dir, guide_path)), sha256: sha256(guide) },
		etalon: { path: portable(relative(dir, etalon_path)), entries: etalon },
		mutations,
	};
	return contentHash(document).slice(0, VERSION_DIGITS);
}

/** Every file and symlink under `root`, by path relative to it (`/`-separated), sorted. */
async function etalonEntries(root: string): Promise<EtalonEntry[]> {
	const entries: EtalonEntry[] = [];
	const visit = async (folder: string): Promise<void> => {
		for (const entry of await readdir(folder, { withFileTypes: true })) {
			const path = join(folder, entry.name);
			const name = portable(relative(root, path));
			if (entry.isDirectory()) await visit(path);
			else if (entry.isFile()) entries.push({ path: name, sha256: sha256(await readFile(path)) });
			// A link is frozen as what it says, not followed: the loader keeps the corpus inside its folder.
			else if (entry.isSymbolicLink()) entries.push({ path: name, link: await readlink(path) });
		}
	};
	await visit(root);
	return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A relative path with `/` separators, the same on every machine. */
function portable(path: string): string {
	return sep === "/" ? path : path.split(sep).join("/");
}
