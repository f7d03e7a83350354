/**
 * The external harness: a configured command (a CLI coding agent behind an adapter) run on a
 * fresh copy of a task's fixture, speaking a JSON contract on stdin and stdout.
 */
export { EXTERNAL_STATUSES, type ExternalOutput, parseExternalOutput } from "./external-output.js";
export {
	createExternalRunner,
	DEFAULT_EXTERNAL_OUTPUT_BYTES,
	EXTERNAL_RUNNER_PREFIX,
	type ExternalRunnerOptions,
} from "./external-runner.js";
