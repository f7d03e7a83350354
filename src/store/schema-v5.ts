import { guardTriggers } from "./guard-triggers.js";

/**
 * Migration 5: `run_seals`, one row per run, written in the same transaction as the run and its
 * scores: how many scores the run has and the sha256 of the run row and its score rows as they
 * were written (see row-hash.ts). A run row inserted by hand has no seal, so it is never current;
 * `touchstone verify` recomputes every hash and names the runs whose rows were changed since (a
 * dropped guard trigger, an UPDATE, the trigger put back). An append-only side table rather than
 * a column of `runs`: the hash covers the score rows, written after the run row. WITHOUT ROWID:
 * the run id is the key, one B-tree to write per cell rather than a table and its index.
 *
 * Runs already stored are sealed by this migration with their score count and no hash (null: not
 * known, as they were written before seals), except graded runs without a single score, which
 * touchstone never writes. Frozen: a later change is a new migration.
 */
export const SCHEMA_V5 = `
CREATE TABLE run_seals (
	run_id TEXT PRIMARY KEY NOT NULL REFERENCES runs (run_id),
	scores INTEGER NOT NULL CHECK (scores >= 0),
	row_hash TEXT CHECK (row_hash IS NULL OR length(row_hash) = 64),
	ingest_source TEXT,
	created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT, WITHOUT ROWID;
INSERT INTO run_seals (run_id, scores, row_hash, ingest_source, created_at)
	SELECT r.run_id, (SELECT count(*) FROM scores AS s WHERE s.run_id = r.run_id), NULL, r.ingest_source, r.created_at
	FROM runs AS r
	WHERE r.status = 'harness_error' OR r.grader_error IS NOT NULL OR EXISTS (SELECT 1 FROM scores AS s WHERE s.run_id = r.run_id)
	ORDER BY r.rowid;
${guardTriggers({ table: "run_seals", keys: [["run_id"]], deletable: "ingest", duplicate: "refuse" })}
`;
