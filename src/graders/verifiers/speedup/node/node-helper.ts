import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/** The trusted helper's name, in this folder and in the grading folder. */
export const NODE_HELPER_FILE = "_touchstone_paired.mjs";
/** What the task's harness is called in the grading folder. */
export const NODE_HARNESS_FILE = "_touchstone_harness.mjs";

/**
 * Where the helper is on disk. It is not TypeScript, so the build does not copy it: from src/
 * (tests) it is the sibling of this module, and from dist/ the same file under src/, which the
 * package ships (package.json `files`). One copy, so its sha256 is the same either way.
 */
export function nodeHelperPath(moduleUrl: string = import.meta.url): string {
	const sibling = fileURLToPath(new URL(`./${NODE_HELPER_FILE}`, moduleUrl));
	if (existsSync(sibling)) return sibling;
	const source = sibling.replace(/([\\/])dist[\\/]src[\\/]/, "$1src$1");
	if (source !== sibling && existsSync(source)) return source;
	throw new Error(
		`touchstone's Node speedup helper is missing (looked at ${sibling} and ${source}); reinstall touchstone`,
	);
}

/** The helper's source and its sha256, which belongs in the verifier's config (so in cell keys). */
export interface NodeHelper {
	readonly source: string;
	readonly sha256: string;
}

let cached: Promise<NodeHelper> | undefined;

/** Reads the helper once per process. */
export function readNodeHelper(): Promise<NodeHelper> {
	cached ??= readFile(nodeHelperPath(), "utf8").then((source) => ({
		source,
		sha256: createHash("sha256").update(source).digest("hex"),
	}));
	return cached;
}

/**
 * The command that runs the helper in the grading sandbox: Node's permission model lets it read
 * the grading folder and nothing else, and grants no file writes, child processes, workers or
 * native addons (the sandbox has no network either); code generation from strings (`eval`,
 * `new Function`, reached however) throws.
 */
export function nodePairedArgv(node: string, gradingFolder: string): string[] {
	return [
		node,
		"--experimental-permission",
		`--allow-fs-read=${gradingFolder}`,
		"--disallow-code-generation-from-strings",
		NODE_HELPER_FILE,
		NODE_HARNESS_FILE,
	];
}
