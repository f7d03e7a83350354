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
	if (path.trim() === "" || path.includes("\0") || isAbsolute(path) || /^[A-Za-z]:/.test(path) || path.startsWith("~"))
		return outside(path, `${what} ${JSON.stringify(path)} is not a relative path`);
	const root = realOrSelf(resolve(folder));
	const target = resolve(root, path);
	if (!within(root, target))
		return outside(path, `${what} ${JSON.stringify(path)} climbs out of the benchmarks folder`);
	const real = realOrNull(target);
	if (real !== null && !within(root, real))
		return outside(path, `${what} ${JSON.stringify(path)} resolves to ${real}, outside the benchmarks folder`);
	return readInputFile(target, what);
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
