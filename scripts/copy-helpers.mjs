// Copies the trusted helpers the verifiers run inside sandboxes (Python and plain JavaScript files
// under src/, which tsc does not emit) beside the compiled modules in dist/src/, so a verifier
// finds its helper next to itself whether touchstone runs from source or from the build.
import { cpSync, readdirSync } from "node:fs";
import { extname, join } from "node:path";

const HELPER_EXTENSIONS = new Set([".py", ".mjs"]);

for (const entry of readdirSync("src", { recursive: true, withFileTypes: true })) {
	if (!entry.isFile() || !HELPER_EXTENSIONS.has(extname(entry.name))) continue;
	const from = join(entry.parentPath ?? entry.path, entry.name);
	cpSync(from, join("dist", from));
}
