import { guardTriggers } from "./guard-triggers.js";

/**
 * Migration 6: `comparisons` becomes the pairwise judge's ledger and cache. One row is one judge
 * call in one order: `run_a` / `diff_a_sha` is the change shown as A, `run_b` / `diff_b_sha` the
 * one shown as B, so a pair judged in both orders is two rows. A row answers the cache key (both
 * diffs' content hashes, `rubric_version`, `judge`); a verdict counts only when both orders of a
 * pair have one (the read layer decides: agreement is a win, a flip a tie).
 *
 * A call that did not give a verdict (an unparseable or hostile reply, a failed request) is kept
 * as an `error` with a NULL verdict: paid for and shown, never a verdict, never cached (the next
 * judge run asks again). The CHECK makes a row exactly one of the two. `cost_usd`, `input_tokens`
 * and `output_tokens` are the call's, NULL when unknown.
 *
 * Rows stored before this migration keep their verdicts and gain their runs' diff hashes; their
 * rubric version is NULL (not known), so no cache key ever matches them. The table is rebuilt the
 * documented way (as migration 4): a new STRICT table, rows copied in rowid order, the old table
 * dropped, the new one renamed, its indexes and the same append-only triggers made again. Frozen:
 * a later change is a new migration.
 */
export const SCHEMA_V6 = `
CREATE TABLE comparisons_v6 (
	comparison_id INTEGER PRIMARY KEY AUTOINCREMENT,
	use_case_id TEXT NOT NULL,
	benchmark_version TEXT NOT NULL REFERENCES spec_snapshots (benchmark_version),
	case_id TEXT NOT NULL,
	run_a TEXT NOT NULL REFERENCES runs (run_id),
	run_b TEXT NOT NULL REFERENCES runs (run_id),
	judge TEXT NOT NULL,
	verdict TEXT CHECK (verdict IN ('a', 'b', 'tie')),
	confidence REAL,
	reasoning_sha TEXT REFERENCES artifacts (sha256),
	ingest_source TEXT,
	created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
	diff_a_sha TEXT REFERENCES artifacts (sha256),
	diff_b_sha TEXT REFERENCES artifacts (sha256),
	rubric_version TEXT,
	error TEXT,
	cost_usd REAL CHECK (cost_usd >= 0 AND cost_usd < 1e308),
	input_tokens INTEGER CHECK (input_tokens >= 0),
	output_tokens INTEGER CHECK (output_tokens >= 0),
	CHECK (run_a <> run_b),
	CHECK ((verdict IS NULL) <> (error IS NULL))
) STRICT;
INSERT INTO comparisons_v6 (comparison_id, use_case_id, benchmark_version, case_id, run_a, run_b, judge, verdict,
	confidence, reasoning_sha, ingest_source, created_at, diff_a_sha, diff_b_sha)
	SELECT c.comparison_id, c.use_case_id, c.benchmark_version, c.case_id, c.run_a, c.run_b, c.judge, c.verdict,
		c.confidence, c.reasoning_sha, c.ingest_source, c.created_at,
		(SELECT r.diff_sha FROM runs AS r WHERE r.run_id = c.run_a), (SELECT r.diff_sha FROM runs AS r WHERE r.run_id = c.run_b)
	FROM comparisons AS c ORDER BY c.rowid;
DROP TABLE comparisons;
ALTER TABLE comparisons_v6 RENAME TO comparisons;
CREATE INDEX comparisons_by_version ON comparisons (use_case_id, benchmark_version, case_id);
CREATE INDEX comparisons_by_run_a ON comparisons (run_a);
CREATE INDEX comparisons_by_run_b ON comparisons (run_b);
CREATE INDEX comparisons_by_key ON comparisons (diff_a_sha, diff_b_sha, rubric_version, judge);
${guardTriggers({ table: "comparisons", keys: [["comparison_id"]], deletable: "ingest", duplicate: "refuse" })}
`;
