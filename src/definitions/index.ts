/**
 * The definitions layer: loads and validates the YAML of a user's `benchmarks/` folder
 * (`models.yaml`, `judge_panels.yaml`, `use_cases.yaml`), reporting every problem at once with its
 * file, line, column, path and fix; and generates the JSON Schemas and scaffold for editors and
 * `touchstone init`. Imports only the contract.
 */
export {
	type Definitions,
	findModel,
	findSprint,
	findUseCase,
	fleetFor,
	panelFor,
	retiredFor,
} from "./definitions.js";
export {
	ENV_NAME_PATTERN,
	envNameSchema,
	envReferences,
	expandEnvReferences,
	looksLikeSecret,
} from "./env-references.js";
export { indexFileSchema, ROLE_NAME_PATTERN } from "./index-schema.js";
export { definitionSchemas, SCHEMA_FILES } from "./json-schemas.js";
export {
	BUILTIN_PANEL_ID,
	BUILTIN_PANEL_VERSION,
	type JudgePanel,
	judgePanelSchema,
	judgePanelsFileSchema,
	majorityQuorum,
} from "./judge-panel-schema.js";
export { ladderAnchors } from "./ladder-anchors.js";
export { loadLadderScores } from "./ladder-scores-file.js";
export { DEFINITION_FILES, loadDefinitions } from "./load-definitions.js";
export { INDEX_FILE, type LoadedIndexSettings, loadIndexSettings } from "./load-index.js";
export { loadSprints, SPRINTS_DIR } from "./load-sprints.js";
export { type LoadTaskPackOptions, loadTaskPack, type TaskPack } from "./load-task-pack.js";
export { type FileMatch, matchFiles, type RefusedPath } from "./match-files.js";
export { modelSchema, modelsFileSchema, PROVIDER_DEFAULTS, PROVIDERS, type Provider } from "./model-schema.js";
export { type MountSource, mountSource } from "./mount-schema.js";
export {
	isPluginPath,
	type PluginModule,
	type PluginModuleProblem,
	resolvePluginModule,
} from "./plugin-module.js";
export { retireModel, withRetiredModel } from "./retire-model.js";
export { reviewFixtureIssues } from "./review-fixture-checks.js";
export { runtimeSchema } from "./runtime-schema.js";
export { type ScaffoldFile, scaffoldFiles } from "./scaffold.js";
export { type PlanProblem, planMilestones } from "./sprint-plan.js";
export { SPRINT_PLACEHOLDERS, type SprintFile, sprintSchema } from "./sprint-schema.js";
export { sprintVersion } from "./sprint-version.js";
export { taskCalibrationSchema } from "./task-calibration-schema.js";
export { taskIssueAt } from "./task-file-checks.js";
export { isInside, normalizeRelativePath, relativePathProblem } from "./task-paths.js";
export {
	type ResolvedTaskRuntime,
	type RuntimeDeclaration,
	resolveTaskRuntime,
	useCaseRuntimeDeclaration,
} from "./task-runtime.js";
export { DEFAULT_TASK_BUDGETS, TASK_ID_PATTERN, taskSchema } from "./task-schema.js";
export { commitHashSchema, snapshotSchema } from "./task-snapshot-schema.js";
export {
	DEFAULT_CHECKS_TIMEOUT_S,
	DEFAULT_RESET_GLOBS,
	DEFAULT_TESTS_TIMEOUT_S,
	hiddenFileSchema,
	verifierSchema,
} from "./task-verifier-schema.js";
export { useCaseFieldIssue } from "./use-case-field.js";
export {
	DEFAULT_BAND,
	DEFAULT_HARNESS,
	DEFAULT_SAMPLES,
	type DeployedIncumbent,
	type PairwiseJudges,
	USE_CASE_ID_PATTERN,
	USE_CASE_STATUSES,
	type UseCaseDefinition,
	type UseCaseStatus,
	useCaseSchema,
	useCasesFileSchema,
} from "./use-case-schema.js";
export { writeLadderRecord } from "./write-calibration.js";
export { withGoldDiffLines, writeGoldDiffLines } from "./write-gold-size.js";
export { withYamlValue, writeYamlValue, type YamlValueLayout } from "./yaml-value-edit.js";
