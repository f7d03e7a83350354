import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The root of the installed touchstone package, found by walking up from this file to the
 * package.json named `touchstone`; the same code then works from src/ (tests) and dist/src/.
 */
export const PACKAGE_ROOT: string = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

/** touchstone's version, read from package.json so there is one source of truth. */
export const VERSION: string = (
	JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as { version: string }
).version;

function findPackageRoot(start: string): string {
	for (let dir = start; ; dir = dirname(dir)) {
		const manifest = join(dir, "package.json");
		if (
			existsSync(manifest) &&
			(JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "touchstone"
		) {
			return dir;
		}
		if (dirname(dir) === dir) throw new Error(`cannot find touchstone's package.json above ${start}`);
	}
}
