import type Database from "better-sqlite3";
import { sampleRun } from "./samples.js";

/**
 * Writes one run and its score with raw SQL in the columns of schema 1, as a store at schema 1–3
 * holds them, for the migration tests: today's code writes today's columns. `values` override the
 * sample run's columns, and may hold what today's store refuses (text in a count, a negative cost).
 * Returns the run id.
 */
export function insertSchemaV1Run(
	database: Database.Database,
	runId: string,
	values: Readonly<Record<string, unknown>> = {},
): string {
	const run = sampleRun();
	const row: Record<string, unknown> = {
		run_id: runId,
		benchmark_version: run.benchmark_version,
		use_case_id: run.use_case_id,
		case_id: run.case_id,
		case_version: run.case_version,
		case_kind: run.case_kind,
		input_hash: run.input_hash,
		model_id: run.model_id,
		harness: run.harness,
		sample_index: run.sample_index,
		depth: run.depth,
		cell_key: run.cell_key,
		status: run.status,
		cost_usd: run.telemetry.cost_usd,
		latency_ms: run.telemetry.latency_ms,
		input_tokens: run.telemetry.input_tokens,
		output_tokens: run.telemetry.output_tokens,
		provenance_json: JSON.stringify(run.provenance),
		started_at: run.started_at,
		finished_at: run.finished_at,
		...values,
	};
	const columns = Object.keys(row);
	database
		.prepare(`INSERT INTO runs (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
		.run(...columns.map((column) => row[column]));
	database
		.prepare(
			"INSERT INTO scores (run_id, metric, score_type, value, critical_failure, grader_version) VALUES (?, 'composite', 'absolute', 0.8, 0, 'contains@1')",
		)
		.run(runId);
	return runId;
}
