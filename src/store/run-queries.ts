import type { AttemptStatus, Depth, JsonObject, ScoreType } from "../contract/index.js";
import type { StoreContext } from "./context.js";
import type { StoredRun, StoredScore } from "./run-records.js";

/** Which runs to list: one use case, optionally narrowed by any of the other fields. */
export interface RunFilter {
	/** Use case whose runs to list. */
	readonly use_case_id: string;
	/** Only runs of this benchmark version. */
	readonly benchmark_version?: string | undefined;
	/** Only runs of this case. */
	readonly case_id?: string | undefined;
	/** Only runs of this model. */
	readonly model_id?: string | undefined;
	/** Only runs of this harness. */
	readonly harness?: string | undefined;
	/** Only runs at this depth. */
	readonly depth?: Depth | undefined;
	/** Only runs with this cell key. */
	readonly cell_key?: string | undefined;
	/** Only runs with this status. */
	readonly status?: AttemptStatus | undefined;
}

const FILTER_COLUMNS = ["benchmark_version", "case_id", "model_id", "harness", "depth", "cell_key", "status"] as const;

interface RunRow extends Omit<StoredRun, "telemetry" | "provenance" | "warnings"> {
	readonly cost_usd: number | null;
	readonly latency_ms: number | null;
	readonly ttft_ms: number | null;
	readonly input_tokens: number | null;
	readonly output_tokens: number | null;
	readonly cache_tokens: number | null;
	readonly tokens_per_sec: number | null;
	readonly turns: number | null;
	readonly provenance_json: string;
	readonly warnings_json: string | null;
}

interface ScoreRow extends Omit<StoredScore, "critical_failure" | "gate_meta" | "extras" | "score_type"> {
	readonly score_type: ScoreType;
	readonly critical_failure: 0 | 1;
	readonly gate_meta_json: string | null;
	readonly extras_json: string | null;
}

/**
 * SQL true when run `alias` is whole, as touchstone writes every cell: its run row, its scores
 * and its seal in one transaction (see schema-v5.ts). A run row inserted by hand has no seal, so
 * it is never current and never skipped by a re-run. Scores cannot be deleted or changed while
 * the guard triggers stand (the store refuses to open without them) and a second score of a
 * metric is refused, so one lookup of the seal suffices here; `touchstone verify` also counts
 * every run's scores and re-hashes its rows against the seal.
 */
export function wholeRunSql(alias: string): string {
	return `EXISTS (SELECT 1 FROM run_seals AS seal WHERE seal.run_id = ${alias}.run_id)`;
}

/** The run `runId`, or null when the store has none. */
export function getRun(context: StoreContext, runId: string): StoredRun | null {
	const row = context.statements.get("SELECT * FROM runs WHERE run_id = ?").get(runId);
	return row === undefined ? null : runFromRow(row as RunRow);
}

/** Whole runs (see {@link wholeRunSql}) matching `filter`, in write order. */
export function listRuns(context: StoreContext, filter: RunFilter): StoredRun[] {
	const conditions = ["use_case_id = ?", wholeRunSql("runs")];
	const values: unknown[] = [filter.use_case_id];
	for (const column of FILTER_COLUMNS) {
		const value = filter[column];
		if (value === undefined) continue;
		conditions.push(`${column} = ?`);
		values.push(value);
	}
	const sql = `SELECT * FROM runs WHERE ${conditions.join(" AND ")} ORDER BY rowid`;
	return context.statements
		.get(sql)
		.all(...values)
		.map((row) => runFromRow(row as RunRow));
}

/**
 * Cell keys of a use case that already have a complete run: one that is not a `harness_error`,
 * that every grader graded (no `grader_error`) and whose scores are there. A re-run skips these
 * and retries the rest.
 */
export function completeCellKeys(context: StoreContext, useCaseId: string): Set<string> {
	const keys = context.statements
		.get(
			`SELECT DISTINCT cell_key AS cell_key FROM runs WHERE use_case_id = ? AND status <> 'harness_error' AND grader_error IS NULL AND ${wholeRunSql("runs")}`,
		)
		.all(useCaseId) as { cell_key: string }[];
	return new Set(keys.map((row) => row.cell_key));
}

/** The scores of each of `runIds`, in write order; every id is a key, with [] when it has none. */
export function scoresForRuns(context: StoreContext, runIds: readonly string[]): Map<string, StoredScore[]> {
	const byRun = new Map<string, StoredScore[]>(runIds.map((runId) => [runId, []]));
	if (runIds.length === 0) return byRun;
	const rows = context.statements
		.get("SELECT * FROM scores WHERE run_id IN (SELECT value FROM json_each(?)) ORDER BY score_id")
		.all(JSON.stringify(runIds));
	for (const row of rows) {
		const score = scoreFromRow(row as ScoreRow);
		byRun.get(score.run_id)?.push(score);
	}
	return byRun;
}

function runFromRow(row: RunRow): StoredRun {
	return {
		run_id: row.run_id,
		benchmark_version: row.benchmark_version,
		use_case_id: row.use_case_id,
		case_id: row.case_id,
		case_version: row.case_version,
		case_kind: row.case_kind,
		input_hash: row.input_hash,
		model_id: row.model_id,
		harness: row.harness,
		sample_index: row.sample_index,
		depth: row.depth,
		cell_key: row.cell_key,
		status: row.status,
		error: row.error,
		grader_error: row.grader_error,
		telemetry: {
			cost_usd: row.cost_usd,
			latency_ms: row.latency_ms,
			ttft_ms: row.ttft_ms,
			input_tokens: row.input_tokens,
			output_tokens: row.output_tokens,
			cache_tokens: row.cache_tokens,
			tokens_per_sec: row.tokens_per_sec,
			turns: row.turns,
		},
		input_sha: row.input_sha,
		output_sha: row.output_sha,
		trace_sha: row.trace_sha,
		diff_sha: row.diff_sha,
		raw_sha: row.raw_sha,
		provenance: JSON.parse(row.provenance_json) as JsonObject,
		ingest_source: row.ingest_source,
		started_at: row.started_at,
		finished_at: row.finished_at,
		created_at: row.created_at,
		redactions: row.redactions,
		warnings: row.warnings_json === null ? null : (JSON.parse(row.warnings_json) as string[]),
	};
}

function scoreFromRow(row: ScoreRow): StoredScore {
	return {
		score_id: row.score_id,
		run_id: row.run_id,
		metric: row.metric,
		score_type: row.score_type,
		value: row.value,
		value_label: row.value_label,
		jury_votes_sha: row.jury_votes_sha,
		inter_judge_disagreement: row.inter_judge_disagreement,
		confidence: row.confidence,
		critical_failure: row.critical_failure === 1,
		gate_meta: parseObject(row.gate_meta_json),
		reasoning_sha: row.reasoning_sha,
		grader_version: row.grader_version,
		judge_panel_version: row.judge_panel_version,
		extras: parseObject(row.extras_json),
		ingest_source: row.ingest_source,
		created_at: row.created_at,
	};
}

/** Parses a JSON object column, keeping SQL NULL as null. */
export function parseObject(json: string | null): JsonObject | null {
	return json === null ? null : (JSON.parse(json) as JsonObject);
}
