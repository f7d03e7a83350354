/**
 * The orchestrator: `plan → skip current cells → execute → persist`, with bounded concurrency in
 * one process. The only layer that knows every other one.
 */
export { type CheckInputsOptions, caseFilesOf, checkUseCaseInputs } from "./check-use-case-inputs.js";
export { commandAccess } from "./command-access.js";
export { createCommandLauncher } from "./command-launcher.js";
export { BUILTIN_PLUGIN_IDS, defaultRunParts, JURY_PLUGIN_IDS } from "./default-parts.js";
export {
	ENDPOINT_PROVIDERS,
	type EndpointOverride,
	endpointModel,
	endpointModelId,
	pointModelsAt,
	recordedEndpointModels,
} from "./endpoint-models.js";
export type { CellOutcome } from "./execute-cell.js";
export { importVolume, readUsage, type UsageRollups, type VolumeImport } from "./import-volume.js";
export {
	EVAL_ZIP_BOUNDS,
	IMPORTER_VERSION,
	type ImportedCase,
	type ImportedEvaluation,
	type ImportedModel,
	type ImportedSample,
	type ImportedScore,
	type ImportWrite,
	INSPECT_BOUNDS,
	INSPECT_FORMAT,
	type InspectImportOptions,
	importedSpec,
	importHarnessId,
	inspectLogNotice,
	PROMPTFOO_BOUNDS,
	PROMPTFOO_FORMAT,
	type PromptfooImportOptions,
	readInspectLog,
	readPromptfooResults,
	type SourceRows,
	type SourceWrite,
	specToExtend,
	valueToFloat,
	writeImported,
	writeSource,
} from "./imported/index.js";
export {
	defaultForeignArtifacts,
	INGEST_MIN_SCHEMA,
	ingestStore,
	ingestSummary,
	isSqliteHeader,
	type SkippedUseCase,
	type StoreIngest,
	type StoreIngestRequest,
	type SummaryIngest,
	type SummaryIngestRequest,
	type SummaryUseCaseIngest,
	type UseCaseIngest,
} from "./ingest/index.js";
export {
	type JudgeCell,
	type JudgeCounts,
	type JudgeRequest,
	type JudgeSummary,
	type JudgeTask,
	judgeUseCase,
} from "./judge/index.js";
export { caseKeyPart, type GraderIdentity, harnessKeyPart, modelKeyPart } from "./key-parts.js";
export { CellPlan, type PlannedCell, planCells } from "./plan.js";
export { type PreparedUseCase, type PrepareOptions, prepareUseCase, type RunParts } from "./prepare-use-case.js";
export {
	parseQueueUrl,
	type QueueFailure,
	type QueueRunOptions,
	type QueueSummary,
	type QueueWorkerOptions,
	redactedUrl,
	runQueueWorker,
	type WorkerHooks,
	type WorkerSummary,
} from "./queue/index.js";
export { type RunHooks, type RunPlan, type RunRequest, type RunSummary, runUseCase } from "./run-use-case.js";
export { type BuiltSpec, buildSpec } from "./spec-builder.js";
export { type SprintRescoreRequest, scoreSprintWorkspace } from "./sprint-rescore.js";
export { recordSprintRun, type SprintRunRecord } from "./sprint-row.js";
export {
	recordScored,
	runSprint,
	type ScoredRun,
	type SprintRunReport,
	type SprintRunRequest,
	sprintAndModel,
} from "./sprint-run.js";
export { type SprintScored, type SprintScoreRequest, scoreSprint } from "./sprint-score.js";
export { type SprintScores, sprintLayerMetric, sprintScores } from "./sprint-scores.js";
export {
	DEFAULT_SPRINT_PASS,
	SPRINT_BAND,
	SPRINT_GRADER_ID,
	SPRINT_GRADER_VERSION,
	SPRINT_HARNESS_VERSION,
	SPRINT_HEADLINE,
	sprintCase,
	sprintGrader,
	sprintHarness,
	sprintSpec,
} from "./sprint-spec.js";
export { StopControl } from "./stop-control.js";
export { sandboxChoice } from "./task-runner.js";
export { USAGE_BOUNDS } from "./usage-file.js";
export { type RuntimeReport, type TaskValidation, type ValidateTasksRequest, validateTasks } from "./validate-tasks.js";
export {
	type PolicyOutcome,
	type PolicyRepeat,
	type RepeatCounts,
	VALIDATION_VERDICTS,
	type ValidationVerdict,
} from "./validation-outcome.js";
