import type { StoreContext } from "./context.js";
import type { StoredOwnerRating } from "./owner-ratings.js";
import { parseObject, wholeRunSql } from "./run-queries.js";
import type { StoredRun, StoredScore } from "./run-records.js";

/**
 * Where an ingested or imported run came from, as its provenance records it (`import` by an
 * importer, `ingest` by a federated ingest; a run another store had imported may carry both):
 * each part null where the provenance does not say.
 */
export interface RunOrigin {
	/** The importer's format (`promptfoo`, `inspect`); null when the run was not imported. */
	readonly import_format: string | null;
	/** The file the import read: its path as resolved then, and its sha256. */
	readonly import_file: { readonly path: string; readonly sha256: string } | null;
	/** The other store's database, as named at the sync; null when the run was not ingested. */
	readonly ingest_from: string | null;
	/** The run's id in that store. */
	readonly foreign_run_id: string | null;
	/** When the sync read it (UTC ISO-8601). */
	readonly ingested_at: string | null;
}

/**
 * What a view of one case shows of a run: its cell, outcome, telemetry and artifacts, and where it
 * came from (its ingest source and, for a tagged run, the origin its provenance records), without
 * the rest of its provenance.
 */
export type CaseRun = Pick<
	StoredRun,
	| "run_id"
	| "benchmark_version"
	| "ingest_source"
	| "case_id"
	| "model_id"
	| "harness"
	| "sample_index"
	| "cell_key"
	| "status"
	| "error"
	| "grader_error"
	| "telemetry"
	| "input_sha"
	| "output_sha"
	| "trace_sha"
	| "diff_sha"
	| "redactions"
	| "warnings"
	| "started_at"
> & {
	/** Null for a run this store recorded (no ingest source). */
	readonly origin: RunOrigin | null;
};

/** What a view of one case shows of a score. */
export type CaseScore = Omit<StoredScore, "score_id" | "ingest_source" | "created_at">;

// A case's rows are read as one JSON array that SQLite builds (each row an array of its columns)
// and parsed at once: handing 250 runs × 27 columns and 500 scores × 14 columns to JavaScript
// value by value cost more than the reading itself (1.6 and 2.2 ms of an 8 ms inspection; as JSON
// 1.2 and 1.4 ms). SQLite writes each REAL with the digits that read back to the same double.
/* The origin a tagged run's provenance records, in one column (an array; NULL for a native run, whose provenance is not parsed). */
const ORIGIN_SQL = `json(CASE WHEN ingest_source IS NULL THEN NULL ELSE json_extract(provenance_json, '$.import.format', '$.import.file.path', '$.import.file.sha256', '$.ingest.from', '$.ingest.foreign_run_id', '$.ingest.ingested_at') END)`;
const RUN_COLUMNS = `run_id, case_id, model_id, harness, sample_index, cell_key, status, error, grader_error, cost_usd, latency_ms, ttft_ms, input_tokens, output_tokens, cache_tokens, tokens_per_sec, turns, input_sha, output_sha, trace_sha, diff_sha, redactions, json(warnings_json), started_at, benchmark_version, ingest_source, ${ORIGIN_SQL}`;
type RunRow = [
	string,
	string,
	string,
	string,
	number,
	string,
	StoredRun["status"],
	string | null,
	string | null,
	number | null,
	number | null,
	number | null,
	number | null,
	number | null,
	number | null,
	number | null,
	number | null,
	string | null,
	string | null,
	string | null,
	string | null,
	number | null,
	string[] | null,
	string | null,
	string,
	string | null,
	unknown[] | null,
];

/** Whole runs (see wholeRunSql) of one case of a use case, in write order, without their provenance. */
export function listCaseRuns(context: StoreContext, useCaseId: string, caseId: string): CaseRun[] {
	const json = context.statements
		.get(
			`SELECT json_group_array(json_array(${RUN_COLUMNS}) ORDER BY rowid) FROM runs WHERE use_case_id = ? AND case_id = ? AND ${wholeRunSql("runs")}`,
		)
		.pluck()
		.get(useCaseId, caseId) as string;
	const rows = JSON.parse(json) as RunRow[];
	return rows.map((row) => ({
		run_id: row[0],
		case_id: row[1],
		model_id: row[2],
		harness: row[3],
		sample_index: row[4],
		cell_key: row[5],
		status: row[6],
		error: row[7],
		grader_error: row[8],
		telemetry: {
			cost_usd: row[9],
			latency_ms: row[10],
			ttft_ms: row[11],
			input_tokens: row[12],
			output_tokens: row[13],
			cache_tokens: row[14],
			tokens_per_sec: row[15],
			turns: row[16],
		},
		input_sha: row[17],
		output_sha: row[18],
		trace_sha: row[19],
		diff_sha: row[20],
		redactions: row[21],
		warnings: row[22],
		started_at: row[23],
		benchmark_version: row[24],
		ingest_source: row[25],
		origin: row[26] === null ? null : originOf(row[26]),
	}));
}

function originOf(column: unknown[]): RunOrigin {
	const [format, path, sha256, from, foreignRunId, ingestedAt] = column.map((value) =>
		typeof value === "string" ? value : null,
	);
	return {
		import_format: format ?? null,
		import_file: path == null || sha256 == null ? null : { path, sha256 },
		ingest_from: from ?? null,
		foreign_run_id: foreignRunId ?? null,
		ingested_at: ingestedAt ?? null,
	};
}

const SCORE_COLUMNS =
	"s.run_id, s.metric, s.score_type, s.value, s.value_label, s.jury_votes_sha, s.inter_judge_disagreement, s.confidence, s.critical_failure, s.gate_meta_json, s.reasoning_sha, s.grader_version, s.judge_panel_version, s.extras_json";
type ScoreRow = [
	string,
	string,
	StoredScore["score_type"],
	number | null,
	string | null,
	string | null,
	number | null,
	number | null,
	0 | 1,
	string | null,
	string | null,
	string,
	string | null,
	string | null,
];

/**
 * The scores of every run of one case, by run id, each run's in write order. One query joined
 * through the case's runs: asking by a list of 250 run ids cost twice as much.
 */
export function caseScores(context: StoreContext, useCaseId: string, caseId: string): Map<string, CaseScore[]> {
	const json = context.statements
		.get(
			`SELECT json_group_array(json_array(${SCORE_COLUMNS}) ORDER BY s.score_id) FROM runs AS r JOIN scores AS s ON s.run_id = r.run_id WHERE r.use_case_id = ? AND r.case_id = ?`,
		)
		.pluck()
		.get(useCaseId, caseId) as string;
	const rows = JSON.parse(json) as ScoreRow[];
	const byRun = new Map<string, CaseScore[]>();
	for (const row of rows) {
		const score: CaseScore = {
			run_id: row[0],
			metric: row[1],
			score_type: row[2],
			value: row[3],
			value_label: row[4],
			jury_votes_sha: row[5],
			inter_judge_disagreement: row[6],
			confidence: row[7],
			critical_failure: row[8] === 1,
			gate_meta: parseObject(row[9]),
			reasoning_sha: row[10],
			grader_version: row[11],
			judge_panel_version: row[12],
			extras: parseObject(row[13]),
		};
		const scores = byRun.get(score.run_id);
		if (scores === undefined) byRun.set(score.run_id, [score]);
		else scores.push(score);
	}
	return byRun;
}

/** The latest owner rating of every rated run of one case, by run id. */
export function caseOwnerRatings(
	context: StoreContext,
	useCaseId: string,
	caseId: string,
): Map<string, StoredOwnerRating> {
	const rows = context.statements
		.get(
			"SELECT l.* FROM runs AS r JOIN latest_owner_ratings AS l ON l.run_id = r.run_id WHERE r.use_case_id = ? AND r.case_id = ?",
		)
		.all(useCaseId, caseId) as StoredOwnerRating[];
	return new Map(rows.map((row) => [row.run_id, row]));
}
