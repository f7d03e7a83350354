/**
 * The plugins layer: the built-in use-case plugins, each a contract UseCasePlugin that says where
 * a use case's cases come from and how they are graded. Imports only the contract and graders.
 */
import type { UseCasePlugin } from "../contract/index.js";
import { casesPlugin } from "./cases/index.js";
import { juryPlugin } from "./jury/index.js";
import { kidsQaPlugin } from "./kids-qa/index.js";
import { summarizationPlugin } from "./summarization/index.js";
import { tasksPlugin } from "./tasks/index.js";

export {
	CASE_ID_PATTERN,
	CASES_GRADER_VERSION,
	type CasesGrading,
	CHECK_KINDS,
	type Check,
	type CheckKind,
	casesPlugin,
} from "./cases/index.js";
export { juryPlugin } from "./jury/index.js";
export { KIDS_QA_RUBRIC, kidsQaPlugin } from "./kids-qa/index.js";
export { SUMMARIZATION_RUBRIC, summarizationPlugin } from "./summarization/index.js";
export { TASK_SCORE_METRIC, TASKS_GRADER_VERSION, tasksPlugin } from "./tasks/index.js";
export {
	boundedCall,
	DEFAULT_GRADE_TIMEOUT_MS,
	DEFAULT_LOAD_CASES_TIMEOUT_MS,
	type UserPluginModule,
	wrapUserPlugin,
} from "./user/index.js";

/** The built-in plugins by the id use_cases.yaml names in `plugin:`. */
export const builtinPlugins: ReadonlyMap<string, UseCasePlugin> = new Map(
	[casesPlugin, juryPlugin, summarizationPlugin, kidsQaPlugin, tasksPlugin].map((plugin) => [plugin.id, plugin]),
);

/** The built-in plugin with this id, or undefined when there is none. */
export function findPlugin(id: string): UseCasePlugin | undefined {
	return builtinPlugins.get(id);
}
