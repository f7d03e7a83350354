import { realpathSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { type InputText, readInputFile } from "./input-bounds.js";

/**
 * Reads `path`, written relative to `folder`, as {@link readInputFile} does (size bound, regular
 * files only, strict UTF-8), only if it stays inside `folder` once symbolic links are followed:
 * an absolute path, a `..` that climbs out, or a link that points out is refused unread, so a
 * case file cannot make touchstone send `/etc/passwd` or `~/.ssh` to a model. `what` names the
 * file in messages. Never throws.
 */
export function readInputFileInside(folder: string, path: string, what = "the file"): InputText {
	const place = placeInside(folder, path);
	if ("outside" in place) {
		const named = `${what} ${JSON.stringify(path)}`;
		if (place.outside === "not-relative") return outside(path, `${named} is not a relative path`);
		if (place.outside === "links-out")
			return outside(path, `${named} resolves to ${place.real}, outside the benchmarks folder`);
		return outside(path, `${named} climbs out of the benchmarks folder`);
	}
	return readInputFile(place.path, what);
}

/** Where a path written relative to a folder lands: inside it, or why not (see {@link placeInside}). */
export type PlaceInside =
	| { readonly path: string; readonly real: string | null }
	| { readonly outside: "not-relative" | "climbs-out" }
	| { readonly outside: "links-out"; readonly real: string };

/**
 * Where `path`, written relative to `folder`, lands once symbolic links are followed: its absolute
 * path (and its real path, null when it does not exist), or why it is not inside `folder`: not a
 * relative path (absolute, a drive, `~`, NUL), a `..` that climbs out, or a link pointing out.
 * Every file a definition names by path in the benchmarks folder is placed with it. Never throws.
 */
export function placeInside(folder: string, path: string): PlaceInside {
	if (path.trim() === "" || path.includes("\0") || isAbsolute(path) || /^[A-Za-z]:/.test(path) || path.startsWith("~"))
		return { outside: "not-relative" };
	const root = realOrSelf(resolve(folder));
	const target = resolve(root, path);
	if (!within(root, target)) return { outside: "climbs-out" };
	const real = realOrNull(target);
	if (real !== null && !within(root, real)) return { outside: "links-out", real };
	return { path: target, real };
}

function within(root: string, path: string): boolean {
	const rest = relative(root, path);
	return rest !== "" && !rest.startsWith(`..${sep}`) && rest !== ".." && !isAbsolute(rest);
}

function realOrNull(path: string): string | null {
	try {
		return realpathSync(path);
	} catch {
		return null;
	}
}

function realOrSelf(path: string): string {
	return realOrNull(path) ?? path;
}

function outside(source: string, message: string): InputText {
	const fix = "write a path relative to the benchmarks folder that stays inside it, e.g. `docs/a.md`";
	return { text: null, issue: { source, line: null, column: null, path: "", message, fix }, missing: false };
}
