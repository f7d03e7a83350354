import type Database from "better-sqlite3";
import { type CalibrationInput, listCalibrations, recordCalibration, type StoredCalibration } from "./calibrations.js";
import { type ComparisonInput, listComparisons, recordComparison, type StoredComparison } from "./comparisons.js";
import type { StoreContext, WriteOptions } from "./context.js";
import { type DeploymentInput, listDeployments, recordDeployment, type StoredDeployment } from "./deployments.js";
import {
	addOwnerRating,
	latestOwnerRating,
	listLatestOwnerRatings,
	type OwnerRatingInput,
	type StoredOwnerRating,
} from "./owner-ratings.js";
import type { StorePaths } from "./paths.js";
import { StatementCache } from "./statements.js";
import { storeAction } from "./store-error.js";
import {
	listVolumeSnapshots,
	recordVolumeSnapshot,
	type StoredVolumeSnapshot,
	type VolumeSnapshotInput,
} from "./volume-snapshots.js";

/**
 * The open connection and the store's ledgers: what is recorded beside the runs, about them or
 * about a use case (owner ratings, deployments, calibration results, volume snapshots, pairwise
 * comparisons), each a row appended in a write transaction of its own. The base of {@link Store},
 * which adds the runs, scores, specs and artifacts; kept apart so neither file holds every table.
 */
export abstract class StoreLedgers {
	/**
	 * The better-sqlite3 connection, for tests and the read layer's own queries. Writes through it
	 * are still held to the append-only triggers.
	 */
	readonly database: Database.Database;
	/** Where this store lives. */
	readonly paths: StorePaths;
	/** Schema versions applied by this open (empty when the store was already up to date). */
	readonly appliedMigrations: readonly number[];
	/** What every table module works with: the connection, its statements, the artifacts folder. */
	protected readonly context: StoreContext;

	protected constructor(
		database: Database.Database,
		paths: StorePaths,
		appliedMigrations: readonly number[],
		inlineBytes: number,
	) {
		this.database = database;
		this.paths = paths;
		this.appliedMigrations = appliedMigrations;
		this.context = { database, statements: new StatementCache(database), artifacts: paths.artifacts, inlineBytes };
	}

	/** Closes the connection. Safe to call twice. */
	close(): void {
		if (this.database.open) this.database.close();
	}

	/** Records an owner rating (BadInputError outside 0..1, NotFoundError for an unknown run). */
	addOwnerRating(input: OwnerRatingInput, options?: WriteOptions): StoredOwnerRating {
		return this.write(`could not rate run ${input.run_id}`, () => addOwnerRating(this.context, input, options));
	}

	/** The latest owner rating of a run, or null. */
	latestOwnerRating(runId: string): StoredOwnerRating | null {
		return latestOwnerRating(this.context, runId);
	}

	/** The latest owner rating of every rated run of a use case (optionally one version). */
	listLatestOwnerRatings(useCaseId: string, benchmarkVersion?: string): StoredOwnerRating[] {
		return listLatestOwnerRatings(this.context, useCaseId, benchmarkVersion);
	}

	/** Records a deployment of a model and harness for a use case. */
	recordDeployment(input: DeploymentInput, options?: WriteOptions): StoredDeployment {
		return this.write("could not record the deployment", () => recordDeployment(this.context, input, options));
	}

	/** Deployments of a use case, by `deployed_at` (the last is the incumbent). */
	listDeployments(useCaseId: string): StoredDeployment[] {
		return listDeployments(this.context, useCaseId);
	}

	/** Records a calibration result. */
	recordCalibration(input: CalibrationInput, options?: WriteOptions): StoredCalibration {
		return this.write("could not record the calibration", () => recordCalibration(this.context, input, options));
	}

	/** Calibration results of a use case, oldest first. */
	listCalibrations(useCaseId: string): StoredCalibration[] {
		return listCalibrations(this.context, useCaseId);
	}

	/** Records a production volume snapshot. */
	recordVolumeSnapshot(input: VolumeSnapshotInput, options?: WriteOptions): StoredVolumeSnapshot {
		return this.write("could not record the volume snapshot", () => recordVolumeSnapshot(this.context, input, options));
	}

	/**
	 * Records many volume snapshots in one transaction: all of them, or (on any failure) none, so
	 * an import is never half written.
	 */
	recordVolumeSnapshots(inputs: readonly VolumeSnapshotInput[], options?: WriteOptions): StoredVolumeSnapshot[] {
		return this.write(`could not record ${inputs.length} volume snapshots`, () =>
			inputs.map((input) => recordVolumeSnapshot(this.context, input, options)),
		);
	}

	/** Volume snapshots of a use case, by period. */
	listVolumeSnapshots(useCaseId: string): StoredVolumeSnapshot[] {
		return listVolumeSnapshots(this.context, useCaseId);
	}

	/** Records a pairwise comparison of two stored runs. */
	recordComparison(input: ComparisonInput, options?: WriteOptions): StoredComparison {
		return this.write("could not record the comparison", () => recordComparison(this.context, input, options));
	}

	/** Comparisons of a use case, optionally of one version, oldest first. */
	listComparisons(useCaseId: string, benchmarkVersion?: string): StoredComparison[] {
		return listComparisons(this.context, useCaseId, benchmarkVersion);
	}

	/** Runs `action` in an immediate write transaction, turning failures into StoreErrors. */
	protected write<T>(doing: string, action: () => T): T {
		return storeAction(doing, () => this.database.transaction(action).immediate());
	}
}
