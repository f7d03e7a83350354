/**
 * Sprint log readers: touchstone's own ndjson log, and Claude Code's and pi's session JSONL
 * normalised into the same entries (docs/sprint-log.md), streamed and bounded line by line.
 */
export { type BoundedLine, boundedLines, MAX_LOG_LINE_BYTES } from "./bounded-lines.js";
export { claudeCodeNormaliser } from "./claude-code-log.js";
export { type ExternalLogOptions, isContextOverflow, type LogNormaliser } from "./log-normaliser.js";
export { piNormaliser } from "./pi-log.js";
export {
	detectLogFormat,
	readSprintLog,
	SPRINT_LOG_FORMATS,
	type SprintLogFormat,
	type SprintLogProblem,
	type SprintLogRead,
} from "./read-sprint-log.js";
export { parseTouchstoneLine } from "./touchstone-line.js";
