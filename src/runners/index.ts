/** Runners: the harnesses that drive a model through one cell and return an Attempt. */

export {
	AGENT_RUNNER_ID,
	AGENT_RUNNER_VERSION,
	AGENT_TOOL_NAMES,
	type AgentRunnerOptions,
	type AgentTask,
	type AgentToolName,
	createAgentRunner,
	DEFAULT_AGENT_SYSTEM_PROMPT,
	DEFAULT_TOOL_OUTPUT_CHARS,
	loopOverheadMs,
	type ResolveTask,
	type TaskSandboxOptions,
	TOOL_ERROR_KINDS,
	type ToolErrorKind,
	type TurnTiming,
} from "./agent/index.js";
export {
	type CommandAccess,
	type CommandRunRequest,
	type CommandRunResult,
	type CommandSandbox,
	type CommandSandboxOptions,
	createExternalRunner,
	DEFAULT_EXTERNAL_OUTPUT_BYTES,
	EXTERNAL_RUNNER_PREFIX,
	type ExternalRunnerOptions,
	openCommandSandbox,
	sandboxCanRead,
} from "./external/index.js";
export {
	createPolicyRunner,
	POLICIES,
	POLICY_RUNNER_ID,
	POLICY_RUNNER_VERSION,
	type Policy,
	type PolicyRunnerOptions,
	type PolicyTask,
} from "./policies/index.js";
export {
	createSingleShotRunner,
	parseSingleShotInput,
	SINGLE_SHOT_RUNNER_ID,
	SINGLE_SHOT_RUNNER_VERSION,
	type SingleShotRunnerOptions,
} from "./single-shot-runner.js";
export {
	createSingleShotTaskRunner,
	fenceFor,
	parseFileFences,
	readTaskFiles,
	SINGLE_SHOT_FILES_MAX_BYTES,
	SINGLE_SHOT_TASK_RUNNER_ID,
	SINGLE_SHOT_TASK_RUNNER_VERSION,
	SINGLE_SHOT_TASK_SYSTEM_PROMPT,
	type SingleShotTaskRunnerOptions,
} from "./single-shot-task/index.js";
export {
	type PreparedSource,
	prepareSource,
	SEED_IDENTITY,
	SEED_MESSAGE,
	SPRINT_SOURCE_ERROR,
	seedRepository,
} from "./sprint/index.js";
