import Database from "better-sqlite3";

const RUN_COLUMNS = `benchmark_version, use_case_id, case_id, case_version, case_kind, input_hash, model_id, harness,
	sample_index, depth, cell_key, status, error, grader_error, cost_usd, latency_ms, ttft_ms, input_tokens, output_tokens,
	cache_tokens, tokens_per_sec, turns, input_sha, output_sha, trace_sha, diff_sha, raw_sha, provenance_json, ingest_source,
	started_at, finished_at, redactions, warnings_json`;
const SCORE_COLUMNS = `metric, score_type, value, value_label, jury_votes_sha, inter_judge_disagreement, confidence,
	critical_failure, gate_meta_json, reasoning_sha, grader_version, judge_panel_version, extras_json, ingest_source`;

/**
 * Re-records some runs of a store as if re-run with no cost reported: the store is append-only,
 * so each picked run gets a later copy (same cell, same scores and seal) whose cost is NULL, which
 * supersedes it. `where` picks the runs (an SQL condition on `runs`). Returns how many were re-recorded.
 */
export function recordUnpricedReruns(databasePath: string, where: string): number {
	const database = new Database(databasePath);
	try {
		return database.transaction(() => {
			database.exec(`CREATE TEMP TABLE picked AS SELECT run_id FROM runs WHERE ${where}`);
			const picked = "run_id IN (SELECT run_id FROM picked)";
			database.exec(`INSERT INTO runs (run_id, ${RUN_COLUMNS})
				SELECT run_id || '-unpriced', ${RUN_COLUMNS.replace("cost_usd", "NULL")} FROM runs WHERE ${picked}`);
			database.exec(`INSERT INTO scores (run_id, ${SCORE_COLUMNS})
				SELECT run_id || '-unpriced', ${SCORE_COLUMNS} FROM scores WHERE ${picked}`);
			database.exec(`INSERT INTO run_seals (run_id, scores, row_hash, ingest_source)
				SELECT run_id || '-unpriced', scores, NULL, ingest_source FROM run_seals WHERE ${picked}`);
			const count = database.prepare("SELECT count(*) FROM picked").pluck().get() as number;
			database.exec("DROP TABLE picked");
			return count;
		})();
	} finally {
		database.close();
	}
}
