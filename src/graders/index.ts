/**
 * The graders layer: deterministic checks of one attempt's output (exact, contains, regex, json,
 * numeric, json_path, similar, max_cost_usd, max_latency_ms, javascript modules run in a worker), a
 * weighted composite of their metrics, and the pinned LLM jury (`jury/`, and a one-criterion rubric check on it). Each
 * factory validates its options (throwing BadInputError naming the option) and returns a contract
 * Grader; a wrong or unparsable output is a low score with reasoning, never a throw (a jury below
 * its quorum throws, and the host records a grader error). Also the sprint scoring layers
 * (`sprint/`: gates, corpus, mutations over a finished branch's tree, review, process and cost),
 * each a SprintLayerResult rather than scores, the fold of every layer into one row, and that row's
 * three artifacts (history row, detail JSON, human report). Imports the contract, providers and sandbox.
 */

export { REGEX_TIME_LIMIT_MS, RegexTimeoutError } from "./bounded-regex.js";
export {
	BUDGET_GRADER_VERSION,
	createMaxCostGrader,
	createMaxLatencyGrader,
	type MaxCostOptions,
	type MaxLatencyOptions,
} from "./budget.js";
export {
	COMPOSITE_METRIC,
	type CompositeOptions,
	combineScores,
	createCompositeGrader,
	weightProblems,
} from "./composite.js";
export { CONTAINS_MODES, type ContainsMode, type ContainsOptions, createContainsGrader } from "./contains.js";
export { createExactGrader, type ExactOptions } from "./exact.js";
export {
	createJavascriptGrader,
	fileHash,
	JAVASCRIPT_GRADER_VERSION,
	JAVASCRIPT_TIMEOUT_MS,
	type JavascriptCheckArgs,
	type JavascriptOptions,
	MAX_JAVASCRIPT_TIMEOUT_MS,
} from "./javascript.js";
export { JAVASCRIPT_CHECK_HEAP_MB } from "./javascript-worker.js";
export { createJsonGrader, type JsonOptions } from "./json.js";
export { createJsonPathGrader, JSON_PATH_GRADER_VERSION, type JsonPathOptions, jsonPathProblems } from "./json-path.js";
export {
	type AggregationContext,
	aggregateVotes,
	askJuror,
	type CriticalFailureRule,
	createJuryGrader,
	criticalFailureRules,
	defineRubric,
	JURY_COMPOSITE_METRIC,
	JURY_GRADER_VERSION,
	type JurorVerdict,
	type JurorVote,
	type JuryGraderOptions,
	type JuryRubric,
	jurorMessages,
	juryConfidence,
	majority,
	mean,
	OUTPUT_HEADING,
	type ParsedVerdict,
	parseVerdict,
	populationStdev,
	RESERVED_FIELD_NAMES,
	RUBRIC_FIELD_PATTERN,
	type RubricGateField,
	type RubricNumericField,
	rubricJson,
	rubricSchema,
} from "./jury/index.js";
export {
	BIOME_VERSION,
	computeNorms,
	createBiomeRunner,
	createRuffRunner,
	defaultLintRunners,
	type FileChange,
	type LintRunner,
	NORMS_SIGNALS,
	NORMS_VERSION,
	NORMS_WEIGHTS,
	type NormsRecord,
	type NormsSignal,
	RUFF_VERSION,
	readTreeChanges,
} from "./norms/index.js";
export { createNumericGrader, type NumericOptions } from "./numeric.js";
export { METRIC_PATTERN } from "./option-issues.js";
export {
	askPairwiseJudge,
	PAIRWISE_RUBRIC,
	PAIRWISE_RUBRIC_VERSION,
	type PairwiseCall,
	type PairwiseJudge,
	type PairwiseVerdict,
	pairwiseMessages,
	parsePairwiseReply,
} from "./pairwise/index.js";
export { readNumber } from "./read-number.js";
export { compileRegex, createRegexGrader, type RegexOptions } from "./regex.js";
export {
	createRubricCheckGrader,
	RUBRIC_CHECK_FIELD,
	RUBRIC_CHECK_VERSION,
	type RubricCheckOptions,
	rubricPanelKey,
} from "./rubric-check.js";
export { JSON_SOURCES, type JsonSource, type SalvagedJson, salvageJson } from "./salvage-json.js";
export {
	createSimilarGrader,
	MAX_SIMILAR_OUTPUT,
	MAX_SIMILAR_REFERENCE,
	SIMILAR_GRADER_VERSION,
	type SimilarOptions,
} from "./similar.js";
export { appendHistory, SprintHistoryError } from "./sprint/append-history.js";
export { type CallLoops, callLoops } from "./sprint/call-loops.js";
export { corpusLayer } from "./sprint/corpus-layer.js";
// Sprint scoring: the log readers, the process and cost layers (docs/sprint-log.md), the scope gate, loops and churn.
export {
	COST_LAYER_VERSION,
	COST_SOURCES,
	type CostSource,
	costLayer,
	sprintFootprint,
	type UsageTotals,
	usageTotals,
} from "./sprint/cost-layer.js";
export { detailJson, SPRINT_DETAIL_FORMAT } from "./sprint/detail-json.js";
export { BEHAVIOURS_FILE, ETALON_TREE, type Etalon, type EtalonBehaviour, readEtalon } from "./sprint/etalon.js";
export { type FileHistory, fileHistory } from "./sprint/file-history.js";
export {
	CODE_SCORE_LAYERS,
	displayScore,
	type FoldedPart,
	type FoldedSprintRow,
	foldSprintRow,
	SPRINT_FOLD_VERSION,
} from "./sprint/fold-row.js";
export { gatesLayer } from "./sprint/gates-layer.js";
export { HISTORY_COLUMNS, HISTORY_HEADER, HISTORY_PREAMBLE, historyRow } from "./sprint/history-row.js";
export { humanReport } from "./sprint/human-report.js";
export {
	claudeCodeNormaliser,
	detectLogFormat,
	type ExternalLogOptions,
	isContextOverflow,
	type LogNormaliser,
	MAX_LOG_LINE_BYTES,
	parseTouchstoneLine,
	piNormaliser,
	readSprintLog,
	SPRINT_LOG_FORMATS,
	type SprintLogFormat,
	type SprintLogProblem,
	type SprintLogRead,
} from "./sprint/log/index.js";
export { CORPUS_FAILS_ON_ETALON, MUTANTS_AT_ONCE, mutationsLayer } from "./sprint/mutations-layer.js";
export { type ParsedReview, parseReview } from "./sprint/parse-review.js";
export {
	DEFAULT_LOOP_MIN_CALLS,
	PROCESS_LAYER_VERSION,
	type ProcessLayerOptions,
	processLayer,
} from "./sprint/process-layer.js";
export { REVIEW_LAYER_VERSION, type ReviewerRow, reviewerRowsOf, reviewLayer } from "./sprint/review-layer.js";
export { cutDiff, MAX_REVIEW_DIFF_BYTES, REVIEW_RUBRIC, reviewMessages } from "./sprint/review-prompt.js";
export { type ScopeCheck, scopeCheck } from "./sprint/scope-check.js";
export {
	DEFAULT_COMMAND_TIMEOUT_S,
	SPRINT_SCORING_VERSION,
	type SprintScoringInput,
	testPathMatcher,
} from "./sprint/scoring-input.js";
export {
	fileSlug,
	HISTORY_FILE,
	REPORTS_DIR,
	RUNS_DIR,
	writeSprintArtifacts,
} from "./sprint/sprint-artifacts.js";
export { type ShellTouches, shellTouches, type TextEdit, type ToolAction, toolAction } from "./sprint/tool-actions.js";
export { compareTrees, type TreeChanges } from "./sprint/tree-files.js";
export { type WriteChurn, writeChurn } from "./sprint/write-churn.js";
export { GRADER_VERSION, unscorableReason } from "./text-grader.js";
export {
	CHECKS_METRIC,
	CHECKS_VERIFIER_VERSION,
	type ChecksVerifierOptions,
	createChecksVerifier,
	createMutationVerifier,
	createReviewVerifier,
	createSpeedupVerifier,
	createTaskVerifier,
	createTestsVerifier,
	defineTaskVerifier,
	failingAssertionOf,
	type GradingSession,
	gradedFailure,
	MUTATION_METRIC,
	type MutationVerifierOptions,
	PASSED_METRIC,
	parseTestReport,
	REVIEW_METRIC,
	SPEEDUP_METRIC,
	SPEEDUP_VERIFIER_VERSION,
	type SpeedupVerifierOptions,
	scoredVerdict,
	setupFailureOf,
	type TaskVerifierDefinition,
	type TaskVerifierOptions,
	TESTS_METRIC,
	TESTS_VERIFIER_VERSION,
	type TestsVerifierOptions,
	timedOut,
	VERIFIER_HARNESS_CODE,
	VERIFIER_OUTCOMES,
	VerifierHarnessError,
	type VerifierOutcome,
	type VerifierSandboxOptions,
	type VerifierVerdict,
	verifierProgram,
} from "./verifiers/index.js";
