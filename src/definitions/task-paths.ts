import { posix } from "node:path";
import { z } from "zod";

/** What a path in task.yaml is relative to, for messages and fixes. */
export type PathBase = "fixture" | "repository" | "task folder" | "workdir";

/**
 * Why `path` is not a safe relative path, or null when it is. A path must be `/`-separated and
 * relative, and never climb with `..`: a task's files stay inside its folder and its fixture.
 */
export function relativePathProblem(path: string): string | null {
	if (path.trim() === "") return "is empty";
	if (path.includes("\0")) return "contains a NUL character";
	if (path.includes("\\")) return "uses `\\`; task paths are `/`-separated";
	if (path.startsWith("/") || /^[A-Za-z]:/.test(path) || path.startsWith("~")) return "is absolute";
	if (path.split("/").includes("..")) return "climbs out with `..`";
	return null;
}

/** A relative path as stored: `./` segments, doubled and trailing slashes removed (`.` for the root). */
export function normalizeRelativePath(path: string): string {
	const normalized = posix.normalize(path);
	return normalized.length > 1 && normalized.endsWith("/") ? normalized.slice(0, -1) : normalized;
}

/**
 * A zod string that must be a safe relative path (see {@link relativePathProblem}) and parses to
 * its normalized form. `file` refuses the root (`.`) and `.git` segments: it names one file to
 * write or read, and a fixture carries no git metadata.
 */
export function relativePath(base: PathBase, options: { file?: boolean } = {}) {
	return z
		.string()
		.min(1)
		.superRefine((path, context) => {
			const problem = pathProblem(path, options.file === true);
			if (problem !== null)
				context.addIssue({
					code: "custom",
					message: `the path ${JSON.stringify(path)} ${problem}`,
					params: { fix: `write a \`/\`-separated path relative to the ${base}, without \`..\`` },
				});
		})
		.transform(normalizeRelativePath);
}

/** {@link relativePathProblem}, plus the rules for a single file. */
export function pathProblem(path: string, file: boolean): string | null {
	const problem = relativePathProblem(path);
	if (problem !== null || !file) return problem;
	const normalized = normalizeRelativePath(path);
	if (normalized === ".") return "names the folder itself, not a file";
	if (normalized.split("/").includes(".git")) return "is inside `.git`, which a fixture never holds";
	return null;
}

/** True when `path` (normalized) is `folder` or inside it. */
export function isInside(path: string, folder: string): boolean {
	return folder === "." || path === folder || path.startsWith(`${folder}/`);
}
