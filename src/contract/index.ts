/**
 * The contract: touchstone's domain types and plugin interfaces. Every other layer imports this
 * one; it imports nothing but Node's crypto.
 *
 * Record fields are snake_case on purpose: they are the names stored in SQLite, served by the API
 * and written in YAML, so no layer has to translate them. Functions and methods are camelCase.
 * Unknown values are `null`, never absent and never a made-up zero.
 */
export {
	ATTEMPT_STATUSES,
	type Attempt,
	type AttemptStatus,
	type AttemptWorkspace,
	type RunnerProvenance,
	STEP_KINDS,
	type Step,
	type StepKind,
} from "./attempt.js";
export { CASE_KINDS, type Case, type CaseData, type CaseKind, caseData, defineCase } from "./case.js";
export type { CaseSource } from "./case-source.js";
export { type CellKeyParts, cellKey } from "./cell-key.js";
export { DEPTHS, type Depth } from "./depth.js";
export { BadInputError, formatIssue, type InputIssue, NotFoundError, StoreError, TouchstoneError } from "./errors.js";
export type { GradeInput, Grader } from "./grader.js";
export { canonicalJson, contentHash, type JsonObject, type JsonValue, sha256, writeCanonical } from "./json.js";
export { markdownText } from "./markdown-text.js";
export {
	MODEL_ROLES,
	MODEL_STATUSES,
	MODEL_TIERS,
	MODEL_WEIGHTS,
	type ModelEntry,
	type ModelPrice,
	type ModelRetirement,
	type ModelRole,
	type ModelStatus,
	type ModelTags,
	type ModelTier,
	type ModelWeights,
} from "./model.js";
export { type SelfPreference, selfPreference } from "./model-family.js";
export { modelKeyPart } from "./model-key-part.js";
export { applyMutationEdit, countOccurrences, type EditProblem, mutationEditProblems } from "./mutation-edits.js";
export {
	MUTATION_REPORT_FORMATS,
	type MutationEdit,
	type MutationReportFormat,
	type MutationVerifier,
	type MutationVerifierArgs,
} from "./mutation-verifier.js";
export type { Juror, JuryPanel, PluginContext, UseCasePlugin } from "./plugin.js";
export {
	type AssistantMessage,
	type ChatMessage,
	type Completion,
	type CompletionRequest,
	type CompletionTiming,
	type CompletionUsage,
	FINISH_REASONS,
	type FinishReason,
	PROVIDER_ERROR_KINDS,
	type Provider,
	ProviderError,
	type ProviderErrorDetails,
	type ProviderErrorKind,
	RESPONSE_FORMATS,
	type ResponseFormat,
	type SystemMessage,
	type ToolCall,
	type ToolDefinition,
	type ToolMessage,
	type UserMessage,
} from "./provider.js";
export type {
	ReviewTarget,
	ReviewVerifier,
	ReviewVerifierArgs,
} from "./review-verifier.js";
export {
	type AxisWeights,
	DEFAULT_INDEX_SETTINGS,
	INDEX_AXES,
	type IndexAxis,
	type IndexSettings,
	TASK_AXES,
	type TaskAxis,
} from "./role-index.js";
export type { RunInput, Runner } from "./runner.js";
export {
	mountTargetProblem,
	SANDBOX_BACKENDS,
	SANDBOX_ENTRY_KINDS,
	SANDBOX_PATH_PROBLEMS,
	SANDBOX_WORKDIR,
	type Sandbox,
	type SandboxBackend,
	type SandboxDiff,
	type SandboxEntry,
	type SandboxEntryKind,
	type SandboxExecControl,
	type SandboxExecOptions,
	type SandboxExecRequest,
	type SandboxExecResult,
	type SandboxLimits,
	type SandboxMount,
	SandboxPathError,
	type SandboxPathProblem,
	type SandboxProvenance,
	SandboxUnavailableError,
} from "./sandbox.js";
export { type JurorUsage, type JuryVote, SCORE_TYPES, type Score, type ScoreType } from "./score.js";
export {
	DEFAULT_FLOOR_MISS_TOLERANCE,
	type SpecCase,
	type SpecDocument,
	type SpecEndpoints,
	type SpecHarness,
} from "./spec.js";
export { type CellOf, currencyUnder } from "./spec-currency.js";
export {
	PAIR_ORDERS,
	type PairedSample,
	type PairOrder,
	type PerformanceRecord,
	SPEEDUP_IMPORT_POLICIES,
	SPEEDUP_LANGUAGES,
	SPEEDUP_PROTOCOLS,
	type SpeedupBucket,
	type SpeedupImportPolicy,
	type SpeedupLanguage,
	type SpeedupProtocol,
	type SpeedupVerifier,
	type SpeedupVerifierArgs,
} from "./speedup-verifier.js";
export {
	type Argv,
	ORCHESTRATION_MODES,
	type OrchestrationMode,
	SPRINT_FILE,
	SPRINT_LAYERS,
	type SprintDefinition,
	type SprintLayer,
	type SprintMilestone,
} from "./sprint.js";
export {
	SPRINT_LOG_KINDS,
	SPRINT_LOG_ROLES,
	SPRINT_LOG_SOURCES,
	SPRINT_LOG_TEXT_CHARS,
	SPRINT_LOG_VERSION,
	type SprintFootprint,
	type SprintLayerResult,
	type SprintLogEntry,
	type SprintLogKind,
	type SprintLogRole,
	type SprintLogSource,
	type SprintMilestoneState,
	type SprintOutcome,
	type SprintRowInput,
	type SprintRunState,
	type SprintUsage,
} from "./sprint-run.js";
export {
	SPRINT_PLUGIN_ID,
	SPRINT_USE_CASE_PREFIX,
	sprintHarnessId,
	sprintUseCaseId,
} from "./sprint-use-case.js";
export {
	type ChecksVerifier,
	type ChecksVerifierArgs,
	FIXTURE_DIR,
	FIXTURE_MANIFEST,
	type HiddenFile,
	SINGLE_SHOT_TASK_HARNESS,
	TASK_FILE,
	TASK_MODES,
	TASK_TIER_KINDS,
	TASK_TIERS,
	type Task,
	type TaskBudget,
	type TaskEntry,
	type TaskMode,
	type TaskReference,
	type TaskTier,
	type TaskTools,
	type TaskVerifier,
	TEST_REPORT_FORMATS,
	type TestReportFormat,
	type TestsVerifier,
	type TestsVerifierArgs,
	VERIFIER_KINDS,
	type VerifierKind,
} from "./task.js";
export {
	DEFAULT_LADDER,
	LADDER_TIERS,
	type LadderBound,
	type LadderBounds,
	type LadderOverrides,
	type LadderRecord,
	type LadderTier,
	type LadderTierRecord,
	ladderBounds,
	type TaskCalibration,
} from "./task-calibration.js";
export type { LoadedTask, LoadedTaskRuntime, TaskBase, TaskPackAccess } from "./task-pack-access.js";
export { type EffectiveTaskRuntime, mergeTaskRuntimes, type TaskRuntime } from "./task-runtime.js";
export {
	SNAPSHOT_PATCH_KINDS,
	type SnapshotCommitReviewDiff,
	type SnapshotOverlay,
	type SnapshotPatch,
	type SnapshotPatchKind,
	type SnapshotReplacePatch,
	type SnapshotReviewDiff,
	type SnapshotSeededReviewDiff,
	type SnapshotWritePatch,
	type TaskSnapshot,
} from "./task-snapshot.js";
export {
	RESERVED_VARIANT_IDS,
	type TaskControl,
	type TaskValidationPlan,
	type TaskVariant,
	VARIANT_EXPECTATIONS,
	type VariantExpectation,
} from "./task-validation.js";
export { type Telemetry, UNKNOWN_TELEMETRY } from "./telemetry.js";
export { parseVolumePeriod, type VolumePeriod, volumePeriodLabel } from "./volume-period.js";
