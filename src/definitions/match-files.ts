import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { globSegmentSource } from "../input/index.js";

/** True when a glob has wildcard characters (`*`, `?`, `[`, `{`). */
export function hasMagic(pattern: string): boolean {
	return /[*?[{]/.test(pattern);
}

/**
 * Files under `baseDir` matching a glob (`*`, `?`, `**`, `[abc]`, `{a,b}`), as sorted
 * `/`-separated paths relative to `baseDir`. Like a shell, wildcards skip names starting with `.`.
 * Synchronous and read-only; a folder that cannot be read matches nothing.
 */
export function matchFiles(baseDir: string, pattern: string): string[] {
	const segments = pattern.split("/").filter((segment, index) => segment !== "" && !(segment === "." && index === 0));
	const found = new Set<string>();
	walk(baseDir, "", segments, found);
	return [...found].sort();
}

function walk(dir: string, prefix: string, segments: readonly string[], found: Set<string>): void {
	const [segment, ...rest] = segments;
	if (segment === undefined) return;
	if (segment === "**") {
		walk(dir, prefix, rest, found);
		for (const entry of listDir(dir))
			if (!entry.startsWith(".") && isDirectory(join(dir, entry)))
				walk(join(dir, entry), `${prefix}${entry}/`, segments, found);
		return;
	}
	const names = hasMagic(segment) ? listDir(dir).filter(matcher(segment)) : [segment];
	for (const name of names) {
		const path = join(dir, name);
		if (rest.length === 0) {
			if (isFile(path)) found.add(`${prefix}${name}`);
		} else if (isDirectory(path)) {
			walk(path, `${prefix}${name}/`, rest, found);
		}
	}
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

function isFile(path: string): boolean {
	return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

function isDirectory(path: string): boolean {
	return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}
