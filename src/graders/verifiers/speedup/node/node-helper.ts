/** The trusted Node helper's name, in this folder and in the grading folder. */
export const NODE_HELPER_FILE = "_touchstone_paired.mjs";
/** What the task's harness is called in the grading folder. */
export const NODE_HARNESS_FILE = "_touchstone_harness.mjs";

/**
 * The command that runs the Node helper in the grading sandbox (cwd: the grading folder, at
 * `gradingFolder` inside): Node's permission model lets it read that folder and nothing else, and
 * grants no file writes, child processes, workers or native addons (the sandbox has no network
 * either); code generation from strings (`eval`, `new Function`, however reached) throws.
 * `--expose-gc` lets the helper collect garbage before each timed call (outside the timed span),
 * so no call pays for another's garbage; it removes `gc` before any task code but the harness runs.
 */
export function nodePairedArgv(node: string, gradingFolder: string): string[] {
	return [
		node,
		"--experimental-permission",
		`--allow-fs-read=${gradingFolder}`,
		"--disallow-code-generation-from-strings",
		"--expose-gc",
		NODE_HELPER_FILE,
		NODE_HARNESS_FILE,
	];
}
