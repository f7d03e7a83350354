/**
 * The sprint runner's pieces: the run's ndjson log (docs/sprint-log.md) and how an agent drive
 * is written into it.
 */

// The sprint log: writing it, and an agent-loop drive into it.
export { type AgentTraceContext, type AgentTraceReply, logAgentTrace } from "./agent-trace-log.js";
export { boundedEntry, openSprintLog, SprintLog, type SprintLogInput, truncateLogText } from "./sprint-log.js";
