import { z } from "zod";
import {
	ATTEMPT_STATUSES,
	type Attempt,
	type JsonObject,
	SCORE_TYPES,
	type Score,
	STEP_KINDS,
} from "../../contract/index.js";
import type { GradedCell } from "../execute-cell.js";
import type { PlannedCell } from "../plan.js";

/**
 * The largest result a worker puts on the queue, as JSON (Redis takes up to 512 MB a value). A
 * larger one is refused by the worker, named in the coordinator's summary, and left for an
 * in-process run: never cut short to fit.
 */
export const MAX_RESULT_BYTES = 256 * 1024 * 1024;

const json = z.json();
const jsonObject = z.record(z.string(), z.json());
const count = z.number().finite().nullable();

const stepSchema = z.strictObject({
	kind: z.enum(STEP_KINDS),
	content: z.string(),
	tool: z.string().nullable(),
	arguments: jsonObject.nullable(),
	is_error: z.boolean(),
	tokens: count,
	at_ms: count,
});

const telemetrySchema = z.strictObject({
	cost_usd: count,
	latency_ms: count,
	ttft_ms: count,
	input_tokens: count,
	output_tokens: count,
	cache_tokens: count,
	tokens_per_sec: count,
	turns: count,
});

const attemptSchema = z.strictObject({
	final: z.string().nullable(),
	trace: z.array(stepSchema),
	telemetry: telemetrySchema,
	status: z.enum(ATTEMPT_STATUSES),
	error: z.string().nullable(),
	runner_provenance: z.strictObject({ runner: z.string(), runner_version: z.string(), details: jsonObject }),
	diff: z.string().nullable(),
	raw: json,
	warnings: z.array(z.string()).optional(),
});

const voteSchema = z.strictObject({
	juror: z.string(),
	fields: z.record(z.string(), z.union([z.number(), z.boolean()])).nullable(),
	rationale: z.string().nullable(),
	error: z.string().nullable(),
	usage: z.strictObject({ input_tokens: count, output_tokens: count, cost_usd: count }).nullable().optional(),
});

const scoreSchema = z.strictObject({
	metric: z.string().min(1),
	score_type: z.enum(SCORE_TYPES),
	value: z.number().finite().nullable(),
	value_label: z.string().nullable(),
	jury_votes: z.array(voteSchema).nullable(),
	inter_judge_disagreement: count,
	confidence: count,
	critical_failure: z.boolean(),
	gate_meta: jsonObject.nullable(),
	reasoning: z.string().nullable(),
	grader_version: z.string(),
	judge_panel_version: z.string().nullable(),
	extras: jsonObject.nullable(),
});

/** Who ran a cell: kept in its run's provenance. */
const workerSchema = z.strictObject({
	id: z.string().min(1),
	host: z.string(),
	pid: z.number().int(),
	touchstone: z.string(),
});

/**
 * What a worker returns for one cell: the attempt and its scores as gradeCell made them (already
 * cleared of the worker's secrets), with the cell's identity to be checked against the plan.
 * The coordinator validates it whole before anything of it is written.
 */
export const cellResultSchema = z.strictObject({
	v: z.literal(1),
	use_case_id: z.string().min(1),
	benchmark_version: z.string().min(1),
	index: z.number().int().nonnegative(),
	cell_key: z.string(),
	worker: workerSchema,
	attempt: attemptSchema,
	scores: z.array(scoreSchema),
	grader_error: z.string().nullable(),
	grader_jury: jsonObject.nullable(),
	started_at: z.iso.datetime(),
	finished_at: z.iso.datetime(),
	redactions: z.number().int().nonnegative(),
});

export type CellResult = z.infer<typeof cellResultSchema>;
export type WorkerIdentity = z.infer<typeof workerSchema>;

/** A graded cell as a result for the queue (its workspace, already disposed, stays behind). */
export function toCellResult(
	graded: GradedCell,
	run: { readonly use_case_id: string; readonly benchmark_version: string; readonly index: number },
	worker: WorkerIdentity,
): CellResult {
	const { workspace: _workspace, ...attempt } = graded.attempt;
	return {
		v: 1,
		use_case_id: run.use_case_id,
		benchmark_version: run.benchmark_version,
		index: run.index,
		cell_key: graded.cell.cell_key,
		worker,
		attempt: attempt as CellResult["attempt"],
		scores: graded.scores as CellResult["scores"],
		grader_error: graded.grader_error,
		grader_jury: graded.grader_jury as CellResult["grader_jury"],
		started_at: graded.started_at,
		finished_at: new Date().toISOString(),
		redactions: graded.redactions,
	};
}

/** A checked result as the graded cell of `cell`, ready for persistCell. */
export function gradedFromResult(result: CellResult, cell: PlannedCell): GradedCell {
	return {
		cell,
		attempt: result.attempt as Attempt,
		scores: result.scores as readonly Score[],
		grader_error: result.grader_error,
		grader_jury: result.grader_jury as JsonObject | null,
		started_at: result.started_at,
		finished_at: result.finished_at,
		redactions: result.redactions,
		worker: result.worker as JsonObject,
	};
}
