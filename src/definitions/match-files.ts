import { readdirSync, realpathSync, type Stats, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { globSegmentSource } from "../input/index.js";

/** True when a glob has wildcard characters (`*`, `?`, `[`, `{`). */
export function hasMagic(pattern: string): boolean {
	return /[*?[{]/.test(pattern);
}

/** A path a glob reached and was refused, relative to the folder it was matched in. */
export interface RefusedPath {
	/** The path as the glob reached it, `/`-separated, relative to the base folder. */
	readonly path: string;
	/** Why: it resolves outside the allowed folders, it is a symlink loop, or a folder that links back. */
	readonly reason: "outside" | "loop";
	/** Where it resolves to, for `outside`; null otherwise. */
	readonly resolved: string | null;
}

/** What a glob matched, and what it reached but may not use. */
export interface FileMatch {
	/** Matched files, sorted, `/`-separated and relative to the base folder; each resolves inside the allowed folders. */
	readonly files: string[];
	/** Paths the glob reached and refused, in the order met; never among `files`. */
	readonly refused: RefusedPath[];
}

/**
 * Files under `baseDir` matching a glob (`*`, `?`, `**`, `[abc]`, `{a,b}`), as sorted
 * `/`-separated paths relative to `baseDir`. Like a shell, wildcards skip names starting with `.`.
 * Every file matched and every folder listed must resolve (symlinks followed) inside `baseDir` or
 * one of `allowedDirs`; anything else is refused, unread, as are symlink loops and folders that
 * link back to one the walk is in. Synchronous and read-only; a folder that cannot be read matches
 * nothing.
 */
export function matchFiles(baseDir: string, pattern: string, allowedDirs: readonly string[] = []): FileMatch {
	const segments = pattern.split("/").filter((segment, index) => segment !== "" && !(segment === "." && index === 0));
	const base = resolve(baseDir);
	const walk: Walk = { base, roots: allowedRoots(base, allowedDirs), found: new Set(), refused: [], ancestors: [] };
	visit(walk, base, segments);
	return { files: [...walk.found].sort(), refused: walk.refused };
}

/**
 * Where `path` (relative to `baseDir`) resolves once symlinks are followed, when that is outside
 * `baseDir` and every one of `allowedDirs`; null when it is inside one of them, or does not exist.
 */
export function resolvesOutside(baseDir: string, path: string, allowedDirs: readonly string[] = []): string | null {
	const real = realPath(resolve(baseDir, path));
	return real === null || inside(allowedRoots(baseDir, allowedDirs), real) ? null : real;
}

function allowedRoots(baseDir: string, allowedDirs: readonly string[]): string[] {
	return [baseDir, ...allowedDirs].map((dir) => realPath(resolve(dir)) ?? resolve(dir));
}

interface Walk {
	readonly base: string;
	readonly roots: readonly string[];
	readonly found: Set<string>;
	readonly refused: RefusedPath[];
	/** The folders being walked (as reached, and resolved), outermost first: meeting one again is a loop. */
	readonly ancestors: { readonly path: string; readonly real: string }[];
}

function visit(walk: Walk, dir: string, segments: readonly string[]): void {
	const [segment, ...rest] = segments;
	if (segment === undefined) return;
	const magic = segment === "**" || hasMagic(segment);
	const entered = magic ? enter(walk, dir) : "same";
	if (entered === "refused") return;
	try {
		if (segment === "**") {
			visit(walk, dir, rest);
			for (const entry of listDir(dir))
				if (!entry.startsWith(".") && kindOf(walk, join(dir, entry)) === "dir") visit(walk, join(dir, entry), segments);
			return;
		}
		const names = magic ? listDir(dir).filter(matcher(segment)) : [segment];
		for (const name of names) {
			const path = join(dir, name);
			const kind = kindOf(walk, path);
			if (rest.length === 0) {
				if (kind === "file") accept(walk, path);
			} else if (kind === "dir") {
				visit(walk, path, rest);
			}
		}
	} finally {
		if (entered === "new") walk.ancestors.pop();
	}
}

/**
 * Checks a folder before its entries are listed: `new` when it is entered now, `same` when the walk
 * is already in it (`**` matching no folder), `refused` when it is outside or links back.
 */
function enter(walk: Walk, dir: string): "new" | "same" | "refused" {
	const real = realPath(dir);
	if (real === null) return "refused";
	if (walk.ancestors.at(-1)?.path === dir) return "same";
	if (walk.ancestors.some((ancestor) => ancestor.real === real)) {
		refuse(walk, dir, "loop", null);
		return "refused";
	}
	if (!inside(walk.roots, real)) {
		refuse(walk, dir, "outside", real);
		return "refused";
	}
	walk.ancestors.push({ path: dir, real });
	return "new";
}

function accept(walk: Walk, file: string): void {
	const real = realPath(file);
	if (real === null) return;
	if (inside(walk.roots, real)) walk.found.add(relativeTo(walk.base, file));
	else refuse(walk, file, "outside", real);
}

function refuse(walk: Walk, path: string, reason: RefusedPath["reason"], resolved: string | null): void {
	const shown = relativeTo(walk.base, path);
	if (!walk.refused.some((item) => item.path === shown)) walk.refused.push({ path: shown, reason, resolved });
}

/** What is at `path`, following symlinks; a symlink loop is refused, anything unreadable is nothing. */
function kindOf(walk: Walk, path: string): "file" | "dir" | null {
	let stats: Stats | undefined;
	try {
		stats = statSync(path, { throwIfNoEntry: false });
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ELOOP") refuse(walk, path, "loop", null);
		return null;
	}
	return stats?.isFile() ? "file" : stats?.isDirectory() ? "dir" : null;
}

function inside(roots: readonly string[], real: string): boolean {
	return roots.some((root) => real === root || real.startsWith(root.endsWith(sep) ? root : `${root}${sep}`));
}

function realPath(path: string): string | null {
	try {
		return realpathSync(path);
	} catch {
		return null;
	}
}

function relativeTo(base: string, path: string): string {
	return relative(base, path).split(sep).join("/");
}

function matcher(segment: string): (name: string) => boolean {
	const pattern = new RegExp(`^${globSegmentSource(segment)}$`);
	return (name) => !name.startsWith(".") && pattern.test(name);
}

function listDir(dir: string): string[] {
	try {
		return readdirSync(dir);
	} catch {
		return [];
	}
}
