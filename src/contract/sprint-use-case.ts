import type { OrchestrationMode } from "./sprint.js";

/**
 * How a sprint appears beside the other use cases: sprint `<id>` is the use case `sprint-<id>`
 * (plugin `sprint`, one case: the sprint itself), and each orchestration mode is a harness of its
 * own (`sprint-direct`, `sprint-loop`, `sprint-orchestrate`), so the leaderboard's model × harness
 * rows compare the modes. Named here because the definitions (a use case may not take the id),
 * the orchestrator (which writes the rows) and the faces (the roster) must agree on the names.
 */

/** The plugin id of every sprint use case. */
export const SPRINT_PLUGIN_ID = "sprint";

/** The prefix of a sprint's use case id. */
export const SPRINT_USE_CASE_PREFIX = "sprint-";

/** The use case of sprint `sprintId`: `sprint-<id>`. */
export function sprintUseCaseId(sprintId: string): string {
	return `${SPRINT_USE_CASE_PREFIX}${sprintId}`;
}

/** The harness id of an orchestration mode: `sprint-<mode>`. */
export function sprintHarnessId(mode: OrchestrationMode): string {
	return `sprint-${mode}`;
}
