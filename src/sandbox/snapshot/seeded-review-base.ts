import { cp, lstat, unlink } from "node:fs/promises";
import type { Problem } from "../../input/index.js";
import { pathInside } from "./fixture-paths.js";
import { writeWhole } from "./write-files.js";

/**
 * Builds the base of a seeded review diff at `base`: a copy of `tree` (the fixture before its
 * patches) with each of `files` laid over it, its text before the change written, or, for null,
 * the file removed (the change adds it). Returns a problem per entry that cannot be laid down: a
 * path leaving the tree, a null naming no file (nothing for the change to add), or a folder.
 */
export async function seededReviewBase(
	tree: string,
	base: string,
	files: Readonly<Record<string, string | null>>,
): Promise<Problem[]> {
	await cp(tree, base, { recursive: true, verbatimSymlinks: true });
	const problems: Problem[] = [];
	for (const path of Object.keys(files).sort()) {
		const at = ["snapshot", "review_diff", "base_files", path];
		const inside = await pathInside(base, path);
		if (inside.path === null) {
			problems.push({
				path: at,
				message: `the base file path ${JSON.stringify(path)} ${inside.problem}`,
				fix: "write a `/`-separated path relative to fixture/, without `..`",
				atKey: true,
			});
			continue;
		}
		const content = files[path] ?? null;
		const stats = await lstat(inside.path).catch(() => null);
		if (content === null) {
			if (stats !== null && !stats.isDirectory()) await unlink(inside.path);
			else
				problems.push({
					path: at,
					message:
						stats === null
							? `${path} is null (added by the change), but the fixture has no such file before its patches`
							: `${path} is a folder of the fixture; null removes one file the change adds`,
					fix: "name a file the snapshot writes (in `files:` or extracted), or remove the entry",
					atKey: true,
				});
			continue;
		}
		const blocked = await writeWhole(inside.path, content);
		if (blocked !== null)
			problems.push({
				path: at,
				message: `${path} cannot be written into the base: ${blocked}`,
				fix: "name a file, not a folder of the fixture",
				atKey: true,
			});
	}
	return problems;
}
