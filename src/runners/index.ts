/** Runners: the harnesses that drive a model through one cell and return an Attempt. */

export {
	createSingleShotRunner,
	parseSingleShotInput,
	SINGLE_SHOT_RUNNER_ID,
	SINGLE_SHOT_RUNNER_VERSION,
	type SingleShotRunnerOptions,
} from "./single-shot-runner.js";
