/**
 * The external harness: a configured command (a CLI coding agent behind an adapter) run in the
 * sandbox on a fresh copy of a task's fixture, speaking a JSON contract on stdin and stdout; and
 * the command sandbox it runs in, which the single-shot `command` provider shares.
 */
export {
	type CommandAccess,
	type CommandRunRequest,
	type CommandRunResult,
	type CommandSandbox,
	type CommandSandboxOptions,
	openCommandSandbox,
} from "./command-sandbox.js";
export { EXTERNAL_STATUSES, type ExternalOutput, parseExternalOutput } from "./external-output.js";
export {
	createExternalRunner,
	DEFAULT_EXTERNAL_OUTPUT_BYTES,
	EXTERNAL_RUNNER_PREFIX,
	type ExternalRunnerOptions,
} from "./external-runner.js";
export { sandboxCanRead } from "./program-files.js";
