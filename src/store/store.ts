import type Database from "better-sqlite3";
import { StoreError } from "../contract/index.js";
import {
	type AggregateRowInput,
	aggregateCountsByUseCase,
	listAggregateRows,
	replaceAggregateRows,
	type StoredAggregateRow,
	type UseCaseAggregateCounts,
} from "./aggregates.js";
import { type ArtifactRead, readArtifacts } from "./artifact-batch.js";
import {
	type ArtifactRef,
	DEFAULT_INLINE_ARTIFACT_BYTES,
	getArtifact,
	putArtifact,
	readArtifact,
	type StagedArtifact,
	type StoredArtifact,
	stageArtifact,
} from "./artifacts.js";
import { BackgroundCellWriter } from "./background-writer.js";
import { type CaseRun, type CaseScore, caseOwnerRatings, caseScores, listCaseRuns } from "./case-reads.js";
import { insertCells } from "./cells.js";
import { ingestSourceOf, utcNow, type WriteOptions } from "./context.js";
import { type IngestReplacement, replaceIngestedCells } from "./ingest.js";
import { MIGRATIONS, type Migration } from "./migrations.js";
import type { StoredOwnerRating } from "./owner-ratings.js";
import type { StorePaths } from "./paths.js";
import {
	iterateRunFacts,
	type RunFact,
	type RunFactOptions,
	runCountsByUseCase,
	runsStamp,
	type UseCaseRunCounts,
} from "./run-facts.js";
import { completeCellKeys, getRun, listRuns, type RunFilter, scoresForRuns } from "./run-queries.js";
import type { CellRecord, StoredRun, StoredScore } from "./run-records.js";
import {
	activateSpec,
	currentSpec,
	freezeSpec,
	getSpec,
	listSpecs,
	type SpecSnapshotInput,
	type StoredSpec,
	specVersionCounts,
} from "./specs.js";
import { storeAction } from "./store-error.js";
import { StoreLedgers } from "./store-ledgers.js";
import { type StoreVerification, verifyStore } from "./verify-store.js";

/**
 * An open store: the append-only SQLite database and its content-addressed artifacts. One
 * writer at a time; every method is synchronous. Obtain one with {@link openStore}. Its ledgers
 * (ratings, deployments, calibrations, volume, comparisons) are {@link StoreLedgers}'.
 */
export class Store extends StoreLedgers {
	readonly #staged = new Set<string>();
	readonly #insertCells: (cells: readonly CellRecord[], ingestSource: string | null) => string[];

	/** Wraps an open, migrated connection; use {@link openStore} instead. */
	constructor(
		database: Database.Database,
		paths: StorePaths,
		appliedMigrations: readonly number[],
		inlineBytes: number = DEFAULT_INLINE_ARTIFACT_BYTES,
	) {
		super(database, paths, appliedMigrations, inlineBytes);
		const insert = database.transaction((cells: readonly CellRecord[], ingestSource: string | null) =>
			insertCells(this.context, cells, ingestSource, utcNow()),
		);
		this.#insertCells = (cells, ingestSource) => insert.immediate(cells, ingestSource);
	}

	/** Stores content as an artifact if absent and returns its address; idempotent. */
	putArtifact(content: string | Uint8Array, contentType: string): ArtifactRef {
		return storeAction("could not store an artifact", () => putArtifact(this.context, content, contentType));
	}

	/** The row of artifact `sha`, or null. */
	getArtifact(sha: string): StoredArtifact | null {
		return getArtifact(this.context, sha);
	}

	/** The bytes of artifact `sha`, verified against their hash (StoreError when missing or corrupted). */
	readArtifact(sha: string): Buffer {
		return readArtifact(this.context, sha);
	}

	/** The text (UTF-8) of artifact `sha`, verified like {@link Store.readArtifact}. */
	readArtifactText(sha: string): string {
		return readArtifact(this.context, sha).toString("utf8");
	}

	/** Many artifacts at once, each verified like {@link Store.readArtifact}, a failure as data (one entry per distinct sha). */
	readArtifacts(shas: Iterable<string>): Map<string, ArtifactRead> {
		return readArtifacts(this.context, shas);
	}

	/** Freezes a spec snapshot; the first write of a version wins. */
	freezeSpec(input: SpecSnapshotInput, options?: WriteOptions): { inserted: boolean } {
		const result = this.write(`could not freeze benchmark version ${input.benchmark_version}`, () =>
			freezeSpec(this.context, input, options),
		);
		// The pages of a new snapshot are not read again by the run that froze it: the connection
		// lets go of them rather than keep them cached (megabytes for a large pack).
		if (result.inserted) this.database.pragma("shrink_memory");
		return result;
	}

	/** Makes a stored version the current one of its use case (no-op when it already is). */
	activateSpec(useCaseId: string, benchmarkVersion: string): { activated: boolean } {
		return this.write(`could not activate benchmark version ${benchmarkVersion}`, () =>
			activateSpec(this.context, useCaseId, benchmarkVersion),
		);
	}

	/** The current (latest activated) snapshot of a use case, or null. */
	currentSpec(useCaseId: string): StoredSpec | null {
		return currentSpec(this.context, useCaseId);
	}

	/** The snapshot of a benchmark version, or null. */
	getSpec(benchmarkVersion: string): StoredSpec | null {
		return getSpec(this.context, benchmarkVersion);
	}

	/** Every snapshot, or those of one use case, oldest first. */
	listSpecs(useCaseId?: string): StoredSpec[] {
		return listSpecs(this.context, useCaseId);
	}

	/** How many snapshots each use case has, without reading their documents. */
	specVersionCounts(): Map<string, number> {
		return specVersionCounts(this.context);
	}

	/** Prepares an artifact (writing its file if it is large); its row comes with the cell that refers to it (see stageArtifact). */
	stageArtifact(content: string | Uint8Array, contentType: string): StagedArtifact {
		return stageArtifact(this.context, this.#staged, content, contentType);
	}

	/** Writes one cell (its run and all its scores) in one transaction and returns the new run id. */
	recordCell(cell: CellRecord, options?: WriteOptions): string {
		const [runId] = this.recordCells([cell], options);
		if (runId === undefined) throw new StoreError("recording a cell returned no run id");
		return runId;
	}

	/**
	 * Starts a thread recording cells through a connection of its own (see BackgroundCellWriter),
	 * for runs large enough that inserts and commits would hold up the model calls.
	 */
	startBackgroundWriter(): BackgroundCellWriter {
		if (this.database.readonly)
			throw new StoreError(`the store at ${this.paths.database} is open read-only; it cannot record cells`);
		return BackgroundCellWriter.start(this.paths);
	}

	/** Writes many cells in one transaction (all or none) and returns their run ids in order. */
	recordCells(cells: readonly CellRecord[], options?: WriteOptions): string[] {
		return storeAction(`could not record ${cells.length} cells`, () =>
			this.#insertCells(cells, ingestSourceOf(options)),
		);
	}

	/**
	 * Replaces, in one transaction, the rows a federated ingest previously brought in for a use case
	 * with `cells`, tagged with `ingestSource`. Rows of any other origin are never touched.
	 */
	replaceIngested(useCaseId: string, ingestSource: string, cells: readonly CellRecord[]): IngestReplacement {
		return this.write(`could not replace the cells ingested from ${ingestSource} for ${useCaseId}`, () =>
			replaceIngestedCells(this.context, useCaseId, ingestSource, cells, utcNow()),
		);
	}

	/**
	 * Replaces, in one transaction, the aggregate rows a federated ingest previously brought in for
	 * a use case (see aggregates.ts) with `rows`, tagged with `ingestSource`; no other row is touched.
	 */
	replaceAggregates(
		useCaseId: string,
		ingestSource: string,
		rows: readonly AggregateRowInput[],
	): { deleted: number; inserted: number } {
		return this.write(`could not replace the aggregate rows ingested from ${ingestSource} for ${useCaseId}`, () =>
			replaceAggregateRows(this.context, useCaseId, ingestSource, rows, utcNow()),
		);
	}

	/** Aggregate rows of a use case (of one benchmark version when given), in write order. */
	listAggregates(useCaseId: string, benchmarkVersion?: string): StoredAggregateRow[] {
		return listAggregateRows(this.context, useCaseId, benchmarkVersion);
	}

	/** Aggregate rows counted per use case that has some: rows, models, sources, latest version. */
	aggregateCountsByUseCase(): Map<string, UseCaseAggregateCounts> {
		return aggregateCountsByUseCase(this.context);
	}

	/** The run `runId`, or null. */
	getRun(runId: string): StoredRun | null {
		return getRun(this.context, runId);
	}

	/** Runs of a use case matching `filter`, in write order. */
	listRuns(filter: RunFilter): StoredRun[] {
		return listRuns(this.context, filter);
	}

	/** Whole runs of one case, in write order, as a view of the case shows them (no provenance). */
	listCaseRuns(useCaseId: string, caseId: string): CaseRun[] {
		return listCaseRuns(this.context, useCaseId, caseId);
	}

	/** Scores of every run of one case, by run id, in write order. */
	caseScores(useCaseId: string, caseId: string): Map<string, CaseScore[]> {
		return caseScores(this.context, useCaseId, caseId);
	}

	/** The latest owner rating of every rated run of one case, by run id. */
	caseOwnerRatings(useCaseId: string, caseId: string): Map<string, StoredOwnerRating> {
		return caseOwnerRatings(this.context, useCaseId, caseId);
	}

	/** Lean facts of a use case's runs (of one case when given) with the score of `metric`, in write order. */
	iterateRunFacts(
		useCaseId: string,
		metric: string,
		caseId?: string,
		options?: RunFactOptions,
	): Generator<{ readonly cell_key: string; readonly fact: RunFact }> {
		return iterateRunFacts(this.context, useCaseId, metric, caseId, options);
	}

	/** A stamp that changes whenever the runs of `useCaseId` do (see run-facts.ts). */
	runsStamp(useCaseId: string): { stamp: string; rows: number } {
		return runsStamp(this.context, useCaseId);
	}

	/** Run count, distinct models, latest write and sources of every use case with runs. */
	runCountsByUseCase(): Map<string, UseCaseRunCounts> {
		return runCountsByUseCase(this.context);
	}

	/** Cell keys of a use case with a complete run (not a harness error, fully graded): what a re-run skips. */
	completeCellKeys(useCaseId: string): Set<string> {
		return completeCellKeys(this.context, useCaseId);
	}

	/** Scores of each run id (every id is a key; [] when it has none). */
	scoresForRuns(runIds: readonly string[]): Map<string, StoredScore[]> {
		return scoresForRuns(this.context, runIds);
	}

	/**
	 * Checks the whole store (see verifyStore): schema and guard triggers against `migrations`
	 * (every one by default), references, every artifact re-hashed, every run against its seal.
	 */
	verify(migrations: readonly Migration[] = MIGRATIONS): StoreVerification {
		return verifyStore(this.context, migrations);
	}
}
