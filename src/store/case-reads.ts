import type { StoreContext } from "./context.js";
import type { StoredOwnerRating } from "./owner-ratings.js";
import { parseObject, wholeRunSql } from "./run-queries.js";
import type { StoredRun, StoredScore } from "./run-records.js";

/** What a view of one case shows of a run: its cell, outcome, telemetry and artifacts, without its provenance. */
export type CaseRun = Pick<
	StoredRun,
	| "run_id"
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
>;

/** What a view of one case shows of a score. */
export type CaseScore = Omit<StoredScore, "score_id" | "ingest_source" | "created_at">;

// Rows are read as arrays (`raw`) and built into records here: better-sqlite3's row objects cost
// more than the reading itself (250 runs and 500 scores of one case: about 4 ms of 20).
const RUN_COLUMNS =
	"run_id, case_id, model_id, harness, sample_index, cell_key, status, error, grader_error, cost_usd, latency_ms, ttft_ms, input_tokens, output_tokens, cache_tokens, tokens_per_sec, turns, input_sha, output_sha, trace_sha, diff_sha, redactions, warnings_json, started_at";
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
	string | null,
	string | null,
];

/** Whole runs (see wholeRunSql) of one case of a use case, in write order, without their provenance. */
export function listCaseRuns(context: StoreContext, useCaseId: string, caseId: string): CaseRun[] {
	const rows = context.statements
		.get(
			`SELECT ${RUN_COLUMNS} FROM runs WHERE use_case_id = ? AND case_id = ? AND ${wholeRunSql("runs")} ORDER BY rowid`,
		)
		.raw()
		.all(useCaseId, caseId) as RunRow[];
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
		warnings: row[22] === null ? null : (JSON.parse(row[22]) as string[]),
		started_at: row[23],
	}));
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
	const rows = context.statements
		.get(
			`SELECT ${SCORE_COLUMNS} FROM runs AS r JOIN scores AS s ON s.run_id = r.run_id WHERE r.use_case_id = ? AND r.case_id = ? ORDER BY s.score_id`,
		)
		.raw()
		.all(useCaseId, caseId) as ScoreRow[];
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
