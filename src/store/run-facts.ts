import type { AttemptStatus, Depth } from "../contract/index.js";
import type { StoreContext } from "./context.js";

/**
 * What the read layer aggregates of one run: its cell, how it ended, its telemetry and the value
 * of one metric. A lean row (no provenance, no artifacts) so a leaderboard over 500,000 runs
 * reads in one pass without building StoredRun objects.
 */
export interface RunFact {
	readonly run_id: string;
	readonly benchmark_version: string;
	readonly model_id: string;
	readonly harness: string;
	readonly case_id: string;
	readonly sample_index: number;
	readonly cell_key: string;
	readonly status: AttemptStatus;
	/** Whether the grader failed on this run (no scores). */
	readonly grader_failed: boolean;
	readonly depth: Depth;
	readonly cost_usd: number | null;
	readonly latency_ms: number | null;
	readonly ttft_ms: number | null;
	readonly input_tokens: number | null;
	readonly output_tokens: number | null;
	/** The value of the requested metric, null when the run has no such score (or its value is a label). */
	readonly value: number | null;
	/** The jury's confidence in that score, when a jury graded it. */
	readonly confidence: number | null;
	/** Whether that score tripped a critical-failure gate. */
	readonly critical_failure: boolean;
	/** When the run was written (UTC ISO-8601). */
	readonly created_at: string;
}

const FACT_COLUMNS = `r.run_id, r.benchmark_version, r.model_id, r.harness, r.case_id, r.sample_index, r.cell_key, r.status,
	r.grader_error IS NOT NULL AS grader_failed, r.depth, r.cost_usd, r.latency_ms, r.ttft_ms, r.input_tokens,
	r.output_tokens, s.value, s.confidence, coalesce(s.critical_failure, 0) AS critical_failure, r.created_at`;

/**
 * The facts of a use case's runs (optionally of one case) with the score of `metric`, in write
 * order. Iterated, not listed: the caller keeps only what it needs.
 */
export function* iterateRunFacts(
	context: StoreContext,
	useCaseId: string,
	metric: string,
	caseId?: string,
): Generator<RunFact> {
	const sql = `SELECT ${FACT_COLUMNS} FROM runs AS r
		LEFT JOIN scores AS s ON s.run_id = r.run_id AND s.metric = ?
		WHERE r.use_case_id = ?${caseId === undefined ? "" : " AND r.case_id = ?"}
		ORDER BY r.rowid`;
	const values = caseId === undefined ? [metric, useCaseId] : [metric, useCaseId, caseId];
	for (const row of context.statements.get(sql).iterate(...values) as IterableIterator<
		Omit<RunFact, "grader_failed" | "critical_failure"> & { grader_failed: 0 | 1; critical_failure: 0 | 1 }
	>)
		yield { ...row, grader_failed: row.grader_failed === 1, critical_failure: row.critical_failure === 1 };
}

/** How many runs each use case has, and when the latest was written. */
export function runCountsByUseCase(
	context: StoreContext,
): Map<string, { runs: number; last_run_at: string | null; models: number }> {
	const rows = context.statements
		.get(
			"SELECT use_case_id, count(*) AS runs, max(created_at) AS last_run_at, count(DISTINCT model_id) AS models FROM runs GROUP BY use_case_id",
		)
		.all() as { use_case_id: string; runs: number; last_run_at: string | null; models: number }[];
	return new Map(rows.map(({ use_case_id, ...rest }) => [use_case_id, rest]));
}
