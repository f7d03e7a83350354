/** The trusted Node helper's name, in this folder and in the grading folder. */
export const NODE_HELPER_FILE = "_touchstone_paired.mjs";
/** What the task's harness is called in the grading folder. */
export const NODE_HARNESS_FILE = "_touchstone_harness.mjs";

/**
 * Starts the helper under the sandbox's node with the permission model's flag that node knows:
 * `--experimental-permission` up to Node 22, `--permission` from 23 on (which dropped the old
 * name). `$0` is the grading folder; a missing node exits 127, as a missing interpreter does.
 */
const LAUNCH = `major=$(node -p 'process.versions.node.split(".")[0]') || exit 127
if [ "$major" -ge 23 ]; then permission=--permission; else permission=--experimental-permission; fi
exec node "$permission" "--allow-fs-read=$0" --disallow-code-generation-from-strings --expose-gc ${NODE_HELPER_FILE} ${NODE_HARNESS_FILE}`;

/**
 * The command that runs the Node helper in the grading sandbox (cwd: the grading folder, at
 * `gradingFolder` inside): Node's permission model lets it read that folder and nothing else, and
 * grants no file writes, child processes, workers or native addons (the sandbox has no network
 * either); code generation from strings (`eval`, `new Function`, however reached) throws.
 * `--expose-gc` lets the helper collect garbage before each timed call (outside the timed span),
 * so no call pays for another's garbage; it removes `gc` before the baseline and candidate load.
 * A small `sh` picks the permission flag for the node it finds (see {@link LAUNCH}).
 */
export function nodePairedArgv(gradingFolder: string): string[] {
	return ["/bin/sh", "-c", LAUNCH, gradingFolder];
}
