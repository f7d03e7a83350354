/**
 * The harness of `mode: single-shot` tasks: the prompt and the target files' content in one
 * request, whole files back in fenced blocks, written into a sandbox copy and verified.
 */
export { type FileFences, fenceFor, parseFileFences, type ReplyFile } from "./file-fences.js";
export {
	createSingleShotTaskRunner,
	SINGLE_SHOT_TASK_RUNNER_ID,
	SINGLE_SHOT_TASK_RUNNER_VERSION,
	type SingleShotTaskRunnerOptions,
} from "./single-shot-task-runner.js";
export { readTaskFiles, SINGLE_SHOT_FILES_MAX_BYTES, type TaskFile, type TaskFiles } from "./task-files.js";
export { SINGLE_SHOT_TASK_SYSTEM_PROMPT, singleShotTaskMessages } from "./task-prompt.js";
