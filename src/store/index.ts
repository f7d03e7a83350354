/**
 * The store: the append-only SQLite database and the content-addressed artifacts folder.
 * Nothing is ever updated and only rows of a federated ingest are ever deleted; the database's
 * own triggers enforce both, so they hold for raw SQL too. Open one with `openStore`.
 */
export type { AggregateRowInput, StoredAggregateRow, UseCaseAggregateCounts } from "./aggregates.js";
export type { ArtifactRead } from "./artifact-batch.js";
export {
	type ArtifactRef,
	DEFAULT_INLINE_ARTIFACT_BYTES,
	MAX_ARTIFACT_READ_BYTES,
	type StagedArtifact,
	type StoredArtifact,
} from "./artifacts.js";
export type { BackgroundCellWriter } from "./background-writer.js";
export type { CalibrationInput, StoredCalibration } from "./calibrations.js";
export type { CaseRun, CaseScore, RunOrigin } from "./case-reads.js";
export { type Compaction, compactStore } from "./compact-store.js";
export {
	COMPARISON_VERDICTS,
	type ComparisonInput,
	type ComparisonVerdict,
	type StoredComparison,
} from "./comparisons.js";
export type { WriteOptions } from "./context.js";
export type { DeploymentInput, StoredDeployment } from "./deployments.js";
export type { IngestReplacement } from "./ingest.js";
export { MIGRATIONS, type Migration } from "./migrations.js";
export { BUSY_TIMEOUT_MS, type OpenStoreOptions, openStore, storedSchemaVersion } from "./open-store.js";
export {
	OWNER_RATING_LABELS,
	type OwnerRatingInput,
	type OwnerRatingLabel,
	type StoredOwnerRating,
} from "./owner-ratings.js";
export {
	DEFAULT_ARTIFACTS_PATH,
	DEFAULT_DATABASE_PATH,
	resolveStorePaths,
	runtimeCacheDir,
	type StorePaths,
} from "./paths.js";
export { type Footprint, footprint, type ModelFootprint, type UseCaseFootprint } from "./retired-rows.js";
export type { AgentEffortFact, RunFact, RunFactOptions, RunJuryFact, UseCaseRunCounts } from "./run-facts.js";
export type { RunFilter } from "./run-queries.js";
export type {
	CellRecord,
	RunRecord,
	ScoreRecord,
	StoredRun,
	StoredScore,
} from "./run-records.js";
export {
	openTemporaryStore,
	sampleCell,
	sampleRun,
	sampleScore,
	sampleSpec,
	type TemporaryStore,
} from "./samples.js";
export type { SpecSnapshotInput, StoredSpec } from "./specs.js";
export { Store } from "./store.js";
export {
	STORE_PROBLEM_KINDS,
	type StoreProblem,
	type StoreProblemKind,
	type StoreVerification,
} from "./verify-store.js";
export type { StoredVolumeSnapshot, VolumeSnapshotInput } from "./volume-snapshots.js";
