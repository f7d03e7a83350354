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

/** Each column's name with its place in the bound values, by name: the hash does not depend on the binding order. */
function byName(columns: readonly string[]): readonly (readonly [string, number])[] {
	return columns.map((name, index) => [JSON.stringify(name), index] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1));
}
const RUN_ORDER = byName(RUN_COLUMNS);
const SCORE_ORDER = byName(SCORE_COLUMNS);

/**
 * The sha256 a run's seal records: of its run row and its score rows (in write order), each as a
 * JSON object of its non-null columns in name order. Null (and a non-finite number, which SQLite
 * stores as NULL) is left out, so a column added by a later migration, NULL on older rows, leaves
 * their hashes as they were. Computed from the values bound when the cell is written, and again
 * by `touchstone verify` from the values read back: the same as long as nobody changed the rows.
 * `scores` holds the score rows' values one after the other, SCORE_COLUMNS.length per row.
 */
export function rowHash(run: readonly unknown[], scores: readonly unknown[]): string {
	const rows: string[] = [];
	for (let first = 0; first < scores.length; first += SCORE_COLUMNS.length)
		rows.push(objectText(SCORE_ORDER, scores, first));
	return sha256(`touchstone-run-seal-1\n{"run":${objectText(RUN_ORDER, run, 0)},"scores":[${rows.join(",")}]}`);
}

function objectText(order: readonly (readonly [string, number])[], values: readonly unknown[], offset: number): string {
	const parts: string[] = [];
	for (const [name, index] of order) {
		const value = values[offset + index];
		if (value === null || value === undefined || (typeof value === "number" && !Number.isFinite(value))) continue;
		parts.push(`${name}:${JSON.stringify(value)}`);
	}
	return `{${parts.join(",")}}`;
}
