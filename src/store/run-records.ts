import type { AttemptStatus, CaseKind, Depth, JsonObject, Score, Telemetry } from "../contract/index.js";
import type { StagedArtifact } from "./artifacts.js";

/** One execution of one cell as handed to the store: the cell's identity plus its Attempt's outcome. */
export interface RunRecord {
	/** Benchmark version (frozen spec) the run belongs to; its snapshot must already be stored. */
	readonly benchmark_version: string;
	/** Use case of the run; must be the use case of `benchmark_version`. */
	readonly use_case_id: string;
	/** Case id within the use case. */
	readonly case_id: string;
	/** Case version at the time of the run. */
	readonly case_version: string;
	/** Kind of the case. */
	readonly case_kind: CaseKind;
	/** Content hash of the case's resolved input. */
	readonly input_hash: string;
	/** Registry id of the model. */
	readonly model_id: string;
	/** Harness id, e.g. `single-shot`. */
	readonly harness: string;
	/** Which repeated sample of the cell, from 0. */
	readonly sample_index: number;
	/** See {@link RUN_DEPTHS}. */
	readonly depth: Depth;
	/** Content hash of everything that determines the cell's result. */
	readonly cell_key: string;
	/** The attempt's status. */
	readonly status: AttemptStatus;
	/** The attempt's error, for any status but `completed`. */
	readonly error: string | null;
	/** Why a grader could not grade (e.g. jury quorum not met); null when every grader graded. */
	readonly grader_error: string | null;
	/** The attempt's telemetry; stored as one column per field, null when unknown. */
	readonly telemetry: Telemetry;
	/** Artifact holding the resolved input. */
	readonly input_sha: string | null;
	/** Artifact holding the final output. */
	readonly output_sha: string | null;
	/** Artifact holding the trace. */
	readonly trace_sha: string | null;
	/** Artifact holding the workspace diff. */
	readonly diff_sha: string | null;
	/** Artifact holding the raw provider or harness output. */
	readonly raw_sha: string | null;
	/** Who produced the attempt (runner provenance and anything else worth keeping; never secrets). */
	readonly provenance: JsonObject;
	/** When execution began (UTC ISO-8601), when known. */
	readonly started_at: string | null;
	/** When execution ended (UTC ISO-8601), when known. */
	readonly finished_at: string | null;
	/**
	 * Occurrences of secrets replaced in the run's stored texts (output, trace, diff, raw, error,
	 * scores) before they were stored: exact, since providers and harnesses hand replies over
	 * unmasked, except that a provider masks its own key and header values in an error message
	 * first (it may be printed before the run sees it), uncounted. Null on runs recorded before the
	 * store counted them (schema 4).
	 */
	readonly redactions: number | null;
	/**
	 * What the run's numbers or texts should be read with: telemetry a provider reported that was
	 * not a figure (kept as unknown), a reply cut at its size bound, invalid UTF-8 in a reply, … In
	 * the order raised; null on runs recorded before the store kept them (schema 4).
	 */
	readonly warnings: readonly string[] | null;
}

/** One score of a run as handed to the store: a contract Score whose votes and reasoning are artifacts. */
export interface ScoreRecord extends Omit<Score, "jury_votes" | "reasoning"> {
	/** Artifact holding the jurors' votes (JuryVote[] as JSON, with each juror's rationale). */
	readonly jury_votes_sha: string | null;
	/** Artifact holding the grader's reasoning. */
	readonly reasoning_sha: string | null;
}

/** One cell's results: its run and every score of that run, written together or not at all. */
export interface CellRecord {
	/** The run row. */
	readonly run: RunRecord;
	/** The run's scores, at most one per metric. */
	readonly scores: readonly ScoreRecord[];
	/** Staged artifacts the run and scores refer to, recorded in the same transaction. */
	readonly artifacts?: readonly StagedArtifact[];
}

/** A stored run: the record plus what the store assigned. */
export interface StoredRun extends RunRecord {
	/** Random UUID assigned by the store. */
	readonly run_id: string;
	/** Source of a federated ingest, null for runs recorded here. */
	readonly ingest_source: string | null;
	/** When the row was written (UTC ISO-8601). */
	readonly created_at: string;
}

/** A stored score: the record plus what the store assigned. */
export interface StoredScore extends ScoreRecord {
	/** Row id, increasing in write order. */
	readonly score_id: number;
	/** The run this score grades. */
	readonly run_id: string;
	/** Source of a federated ingest, null for scores recorded here. */
	readonly ingest_source: string | null;
	/** When the row was written (UTC ISO-8601). */
	readonly created_at: string;
}
