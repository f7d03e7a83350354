/** The generic task-pack plugin: tasks in sandboxed workspaces, graded by hidden verifiers. */

export { NORMS_METRIC, normsScores } from "./norms-score.js";
export { taskCase } from "./task-cases.js";
export { TASK_SCORE_METRIC, TASKS_GRADER_VERSION, tasksPlugin } from "./tasks-plugin.js";
