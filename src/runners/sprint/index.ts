/**
 * The sprint driver (seed 002): carries a sprint's milestones through a clone of its repository,
 * one pinned worker per milestone briefing on the agent harness, in an orchestration mode, with
 * CI and the scope checked after every attempt, resumable from its state file.
 */

export { type AgentTraceContext, type AgentTraceReply, logAgentTrace } from "./agent-trace-log.js";
export {
	type BriefingParts,
	listItems,
	milestoneBriefing,
	SPRINT_SYSTEM_PROMPT,
} from "./briefing.js";
export { type DriveLog, type DriveOutcome, type DriveRequest, driveMilestone, readVerdict } from "./drive-milestone.js";
export {
	type PreparedSource,
	prepareSource,
	SEED_IDENTITY,
	SEED_MESSAGE,
	SPRINT_SOURCE_ERROR,
	seedRepository,
} from "./source-repository.js";
export { driveSprint, type SprintDriveRequest, type SprintDriveResult, type SprintRunLog } from "./sprint-driver.js";
export { changedPaths, diffSize, type GitPlace, git } from "./sprint-git.js";
export { boundedEntry, openSprintLog, SprintLog, type SprintLogInput, truncateLogText } from "./sprint-log.js";
export {
	modelSlug,
	readRunState,
	renderScheme,
	SPRINT_WORKSPACES_DIR,
	type SprintWorkspace,
	sprintWorkspace,
	writeRunState,
} from "./sprint-workspace.js";
