import { insertArtifactRows } from "./artifacts.js";
import type { StoreContext } from "./context.js";
import { RUN_COLUMNS, rowHash, SCORE_COLUMNS } from "./row-hash.js";
import { newRunId } from "./run-id.js";
import type { CellRecord, ScoreRecord } from "./run-records.js";
import { asStoreError } from "./store-error.js";

const INSERT_RUN = `INSERT INTO runs (${RUN_COLUMNS.join(", ")}) VALUES (${RUN_COLUMNS.map(() => "?").join(", ")})`;
const INSERT_SEAL =
	"INSERT INTO run_seals (run_id, scores, row_hash, ingest_source, created_at) VALUES (?, ?, ?, ?, ?)";

/** Columns per score row. */
const SCORE_WIDTH = SCORE_COLUMNS.length;
const SCORE_VALUES = `(${Array.from({ length: SCORE_WIDTH }, () => "?").join(", ")})`;
/** Scores per INSERT statement; a cell with more is written in several. */
const SCORES_PER_STATEMENT = 64;
const insertScoresSql: string[] = [];

/**
 * The SQL inserting `count` score rows at once. A cell's scores go in one statement because each
 * statement journals the pages it touches (the triggers make that necessary): one statement per
 * cell instead of one per score raises write throughput by about half.
 */
function insertScores(count: number): string {
	let sql = insertScoresSql[count];
	if (sql === undefined) {
		sql = `INSERT INTO scores (${SCORE_COLUMNS.join(", ")}) VALUES ${Array.from({ length: count }, () => SCORE_VALUES).join(", ")}`;
		insertScoresSql[count] = sql;
	}
	return sql;
}

/**
 * Inserts each cell's run row and score rows, assigning run ids, and returns the ids in order.
 * Must run inside a transaction (the caller's), so that a failure leaves no cell half written.
 */
export function insertCells(
	context: StoreContext,
	cells: readonly CellRecord[],
	ingestSource: string | null,
	createdAt: string,
): string[] {
	const insertRun = context.statements.get(INSERT_RUN);
	const insertSeal = context.statements.get(INSERT_SEAL);
	const runIds: string[] = [];
	for (const { run, scores, artifacts } of cells) {
		const runId = newRunId();
		const telemetry = run.telemetry;
		try {
			if (artifacts !== undefined) insertArtifactRows(context, artifacts, createdAt);
			const values = [
				runId,
				run.benchmark_version,
				run.use_case_id,
				run.case_id,
				run.case_version,
				run.case_kind,
				run.input_hash,
				run.model_id,
				run.harness,
				run.sample_index,
				run.depth,
				run.cell_key,
				run.status,
				run.error,
				run.grader_error,
				telemetry.cost_usd,
				telemetry.latency_ms,
				telemetry.ttft_ms,
				telemetry.input_tokens,
				telemetry.output_tokens,
				telemetry.cache_tokens,
				telemetry.tokens_per_sec,
				telemetry.turns,
				run.input_sha,
				run.output_sha,
				run.trace_sha,
				run.diff_sha,
				run.raw_sha,
				JSON.stringify(run.provenance),
				ingestSource,
				run.started_at,
				run.finished_at,
				createdAt,
				run.redactions,
				run.warnings === null ? null : JSON.stringify(run.warnings),
			];
			insertRun.run(...values);
			const scoreValues = insertScoreRows(context, runId, scores, ingestSource, createdAt);
			insertSeal.run(runId, scores.length, rowHash(values, scoreValues), ingestSource, createdAt);
		} catch (error) {
			throw asStoreError(
				`could not record the cell of case ${run.case_id}, model ${run.model_id}, harness ${run.harness}, sample ${run.sample_index} (cell key ${run.cell_key}); nothing of this batch was written`,
				error,
			);
		}
		runIds.push(runId);
	}
	return runIds;
}

/** Inserts one run's scores, up to SCORES_PER_STATEMENT rows per statement; returns the values of each statement, one row after the other. */
function insertScoreRows(
	context: StoreContext,
	runId: string,
	scores: readonly ScoreRecord[],
	ingestSource: string | null,
	createdAt: string,
): unknown[][] {
	const written: unknown[][] = [];
	for (let first = 0; first < scores.length; first += SCORES_PER_STATEMENT) {
		const count = Math.min(SCORES_PER_STATEMENT, scores.length - first);
		const values = new Array<unknown>(count * SCORE_WIDTH);
		let at = 0;
		for (let index = first; index < first + count; index++) {
			const score = scores[index] as ScoreRecord;
			values[at++] = runId;
			values[at++] = score.metric;
			values[at++] = score.score_type;
			values[at++] = score.value;
			values[at++] = score.value_label;
			values[at++] = score.jury_votes_sha;
			values[at++] = score.inter_judge_disagreement;
			values[at++] = score.confidence;
			values[at++] = score.critical_failure ? 1 : 0;
			values[at++] = score.gate_meta === null ? null : JSON.stringify(score.gate_meta);
			values[at++] = score.reasoning_sha;
			values[at++] = score.grader_version;
			values[at++] = score.judge_panel_version;
			values[at++] = score.extras === null ? null : JSON.stringify(score.extras);
			values[at++] = ingestSource;
			values[at++] = createdAt;
		}
		context.statements.get(insertScores(count)).run(...values);
		written.push(values);
	}
	return written;
}
