import { sha256 } from "../contract/index.js";

/** The columns of a run row, in the order the store binds them. */
export const RUN_COLUMNS = [
	"run_id",
	"benchmark_version",
	"use_case_id",
	"case_id",
	"case_version",
	"case_kind",
	"input_hash",
	"model_id",
	"harness",
	"sample_index",
	"depth",
	"cell_key",
	"status",
	"error",
	"grader_error",
	"cost_usd",
	"latency_ms",
	"ttft_ms",
	"input_tokens",
	"output_tokens",
	"cache_tokens",
	"tokens_per_sec",
	"turns",
	"input_sha",
	"output_sha",
	"trace_sha",
	"diff_sha",
	"raw_sha",
	"provenance_json",
	"ingest_source",
	"started_at",
	"finished_at",
	"created_at",
	"redactions",
	"warnings_json",
] as const;

/** The columns of a score row as the store binds them (score_id, assigned by SQLite, is left out). */
export const SCORE_COLUMNS = [
	"run_id",
	"metric",
	"score_type",
	"value",
	"value_label",
	"jury_votes_sha",
	"inter_judge_disagreement",
	"confidence",
	"critical_failure",
	"gate_meta_json",
	"reasoning_sha",
	"grader_version",
	"judge_panel_version",
	"extras_json",
	"ingest_source",
	"created_at",
] as const;

/**
 * The sha256 a run's seal records: of its run row's values and its score rows' values (in write
 * order), as JSON arrays in the order of RUN_COLUMNS and SCORE_COLUMNS. JSON writes a NaN as
 * null, as SQLite stores it. Computed from the values bound when the cell is written, and again
 * by `touchstone verify` from the values read back: the same as long as nobody changed the rows.
 * `scores` holds chunks of score rows' values, one row after the other, SCORE_COLUMNS.length per
 * row. Native JSON, not a text built by hand: this runs once per cell written. A column added to
 * either list changes every hash, so it comes with a new version of the text (`run-seal-2`).
 */
export function rowHash(run: readonly unknown[], scores: readonly (readonly unknown[])[]): string {
	let text = `touchstone-run-seal-1\n${JSON.stringify(run)}\n[`;
	let first = true;
	for (const chunk of scores) {
		if (chunk.length === 0) continue;
		const values = JSON.stringify(chunk);
		text += first ? values.slice(1, -1) : `,${values.slice(1, -1)}`;
		first = false;
	}
	return sha256(`${text}]`);
}
