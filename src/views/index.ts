/**
 * The read layer: answers from the store alone (current rows, leaderboards), testable without
 * HTTP. It never imports the planner or the plugins: the spec snapshot carries what it needs.
 */

export {
	checkLadder,
	LADDER_EPSILON,
	type LadderCheck,
	type LadderTierCheck,
	type LadderTierScores,
	ladderScores,
} from "./anchor-ladder.js";
export {
	CALIBRATION_LEVEL,
	type CalibrationItem,
	type CalibrationOptions,
	type CalibrationReport,
	calibrateUseCase,
	calibrationInput,
	DEFAULT_BOOTSTRAP,
	OWNER_LABEL_RATINGS,
	ownerVerdict,
	REJECT_AT_MOST,
	SHIP_AT_LEAST,
} from "./calibration.js";
export { BOOTSTRAP_MINIMUM_N, type CalibrationFigure, type CalibrationTimings } from "./calibration-figure.js";
export {
	type CaseMatrix,
	caseMatrix,
	type MatrixCell,
	type MatrixRow,
} from "./case-matrix.js";
export { type CurrentFacts, currentFacts, resolveSpec } from "./current-facts.js";
export { type CurrentRuns, currentRuns } from "./current-runs.js";
export { type Decision, type DecisionCandidate, type DecisionPick, decide } from "./decision.js";
export { type DeploymentRecord, deploymentHistory, type IncumbentSpan, incumbentSpan } from "./deployment-history.js";
export { type GateStanding, type KEstimate, NO_GATE_STANDING } from "./gate-model.js";
export {
	evaluateGates,
	GATE_METRICS,
	type Gate,
	type GateCheck,
	type GateMetric,
	type GateReport,
	type GateScope,
} from "./gates.js";
export { type HistoryRow, type HistoryVersion, type UseCaseHistory, useCaseHistory } from "./history.js";
export {
	type InspectedModel,
	type InspectedSample,
	type InspectedScore,
	type Inspection,
	inspectCase,
	withOwnerRating,
} from "./inspector.js";
export { type JudgedCell, type JudgedPair, type JudgePlan, judgePlan, type TaskPairs } from "./judge-pairs.js";
export { JUDGE_RATING_BOOTSTRAP, type JudgeRatingOptions, judgeRatings } from "./judge-ratings.js";
export type { JudgeRating, JudgeRatings } from "./judge-ratings-types.js";
export type { JurorAgreement, JurorFieldAgreement } from "./juror-agreement.js";
export { latestVolume, type VolumeFigures } from "./latest-volume.js";
export {
	type AggregateLeaderboardRow,
	type GradingCost,
	LEADERBOARD_BOOTSTRAP,
	type Leaderboard,
	type LeaderboardOptions,
	type LeaderboardRow,
	leaderboard,
	type PairedDelta,
} from "./leaderboard.js";
export { type OffloadCandidate, offloadCandidates } from "./offload-candidates.js";
export { type OwnerRatingChoice, type OwnerRatingFieldNames, resolveOwnerRating } from "./owner-rating-input.js";
export { DEFAULT_PAGE, MAX_PAGE } from "./page-cursor.js";
export { mean, percentile } from "./percentile.js";
export { type ProjectedSaving, replacesItself } from "./projected-saving.js";
export { reportJunit } from "./report-junit.js";
export { reportMarkdown } from "./report-markdown.js";
export {
	type ReportIndex,
	type ReportIndexPick,
	type ReportInputs,
	type ReportPage,
	type ReportUseCase,
	reportPage,
	reportUseCase,
} from "./report-page.js";
export { type CaseResult, isPerformanceRecord, type PerformanceEntry, type ReportResults } from "./report-results.js";
export { markdownText } from "./report-text.js";
export {
	type AxisScore,
	INDEX_BOOTSTRAP,
	type IndexModel,
	type IndexUseCase,
	type RoleIndex,
	type RoleIndexOptions,
	type RolePick,
	type RoleRanking,
	type RoleRow,
	roleIndex,
} from "./role-index.js";
export { NOTHING_STORED, type RosterEntry, type RosterInput, roster, type StoredFigures } from "./roster.js";
export { aggregateMark, describeOrigin, type RowOrigin } from "./row-origin.js";
export { SAMPLE_ORIGIN_KINDS, type SampleOrigin, type SampleOriginKind } from "./sample-origin.js";
export { describeScore } from "./score-words.js";
export { type SpecView, specView } from "./spec-view.js";
export type { Interval } from "./statistics/index.js";
export { NO_TASK_COLUMNS, type TaskColumns } from "./task-columns.js";
export { type AttemptEffort, type TaskFactGroup, type TaskFacts, type TaskTally, taskFacts } from "./task-facts.js";
export type { CloudLens, SelfHostLens, TaskLenses } from "./task-lenses.js";
export { type UseCaseSummary, useCaseSummaries } from "./use-case-summaries.js";
