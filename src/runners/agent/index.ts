/**
 * The agent harness: a tool loop over native tool calling in a sandbox copy of a task's fixture.
 * Also the pieces the external harness shares with it (the task a case resolves to, finishing a
 * workspace) and the per-turn timing a benchmark reads.
 */
export {
	type AgentLoopInput,
	type AgentLoopProgress,
	type AgentLoopResult,
	DEFAULT_AGENT_SYSTEM_PROMPT,
	providerFailureOutcome,
	runAgentLoop,
} from "./agent-loop.js";
export {
	AGENT_RUNNER_ID,
	AGENT_RUNNER_VERSION,
	type AgentRunnerOptions,
	createAgentRunner,
} from "./agent-runner.js";
export { type AgentTask, type ResolveTask, resolveCheckedTask, taskSandboxParts } from "./agent-task.js";
export { AGENT_TOOL_NAMES, type AgentToolName, agentToolDefinitions } from "./agent-tools.js";
export { type AttemptDeadline, startAttemptDeadline } from "./attempt-deadline.js";
export { BUDGET_KINDS, type BudgetExhausted, type BudgetKind, BudgetMeter } from "./budget-meter.js";
export { type FinishedWorkspace, finishWorkspace } from "./finish-workspace.js";
export { TOOL_ERROR_KINDS, type ToolErrorKind } from "./run-agent-tool.js";
export {
	replyAccount,
	runTaskAttempt,
	type TaskAttemptShell,
	type TaskDrive,
	type TaskDriveParts,
	type TaskSandboxOptions,
} from "./task-attempt.js";
export { DEFAULT_TOOL_OUTPUT_CHARS } from "./tool-output.js";
export { loopOverheadMs, type TurnTiming, timingSummary } from "./turn-timing.js";
