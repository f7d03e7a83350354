import {
	type Attempt,
	canonicalJson,
	type Depth,
	type Grader,
	type JsonObject,
	type Runner,
	type Score,
	TouchstoneError,
	UNKNOWN_TELEMETRY,
} from "../contract/index.js";
import type { ScoreRecord, StagedArtifact, Store } from "../store/index.js";
import type { CellWriter } from "./cell-writer.js";
import type { PlannedCell } from "./plan.js";
import type { RedactionCount, SecretRedactor } from "./secret-redactor.js";
import type { StagedInputs } from "./staged-inputs.js";

/** Raw replies up to this many characters of JSON are kept in the run's provenance, not a file. */
const INLINE_RAW_LIMIT = 2048;

/** What running and grading one cell needs besides itself (a queue worker has no store). */
export interface GradeContext {
	readonly runner: Runner;
	readonly grader: Grader;
	readonly harnessConfig: JsonObject;
	readonly benchmarkVersion: string;
	readonly useCaseId: string;
	readonly headline: string;
	readonly depth: Depth;
	/** Kept in every run's provenance next to the runner's own (touchstone version, host). */
	readonly provenance: JsonObject;
	/** Aborts in-flight model calls (the second Ctrl-C). */
	readonly signal: AbortSignal;
	/** Replaces every secret the run knows in what a cell keeps, before grading and storing. */
	readonly redactor: SecretRedactor;
}

/** Everything one cell needs besides itself, to be run, graded and written. */
export interface CellContext extends GradeContext {
	readonly store: Store;
	/** Commits finished cells in batches. */
	readonly writer: CellWriter;
	/** The inputs of the cases run lately, staged once for the models and samples that share them. */
	readonly stagedInputs: StagedInputs;
}

/** What became of one cell, for progress and the summary. */
export interface CellOutcome {
	readonly cell: PlannedCell;
	/** The stored run, or null when the cell was abandoned before it could be written. */
	readonly run_id: string | null;
	readonly attempt: Attempt;
	readonly grader_error: string | null;
	/** The headline value, or null when there is none (harness or grader error). */
	readonly headline: number | null;
}

/** A cell that ran and was graded, not yet written. */
export interface GradedCell {
	readonly cell: PlannedCell;
	readonly attempt: Attempt;
	readonly scores: readonly Score[];
	readonly grader_error: string | null;
	/** With a grader error: the jury's record the error carried (what a panel below its quorum cost), else null. */
	readonly grader_jury: JsonObject | null;
	readonly started_at: string;
	/** How many secrets were replaced in the attempt, its scores and its grader error. */
	readonly redactions: number;
	/** When the cell was graded; the moment it is written when absent (a cell run in process). */
	readonly finished_at?: string;
	/** Who ran it when a queue worker did (id, host, pid, version): kept in the run's provenance. */
	readonly worker?: JsonObject;
}

/**
 * Runs and grades one cell: runner, then grader. A runner or grader that throws becomes data
 * (`harness_error`, `grader_error`); a cell whose signal aborted mid-flight comes back as an
 * outcome without a run (abandoned, never written, so a re-run does it again). The attempt is
 * redacted (see SecretRedactor) before the grader sees it, the scores and grader error after:
 * this is the one place where what a cell stores is cleared of secrets.
 */
export async function gradeCell(cell: PlannedCell, context: GradeContext): Promise<GradedCell | CellOutcome> {
	const started_at = new Date().toISOString();
	const produced = await runGuarded(cell, context);
	const redactions: RedactionCount = { count: 0 };
	try {
		return await gradeAttempt(cell, context.redactor.attempt(produced, redactions), started_at, context, redactions);
	} finally {
		await produced.workspace?.dispose().catch(() => {});
	}
}

async function gradeAttempt(
	cell: PlannedCell,
	attempt: Attempt,
	started_at: string,
	context: GradeContext,
	redactions: RedactionCount,
): Promise<GradedCell | CellOutcome> {
	if (context.signal.aborted) return { cell, run_id: null, attempt, grader_error: null, headline: null };

	let scores: readonly Score[] = [];
	let grader_error: string | null = null;
	let grader_jury: JsonObject | null = null;
	if (attempt.status !== "harness_error") {
		try {
			scores = await context.grader.grade({ case: cell.case, attempt, model: cell.model }, { signal: context.signal });
		} catch (error) {
			if (context.signal.aborted) return { cell, run_id: null, attempt, grader_error: null, headline: null };
			grader_error = describe(error, "grader");
			grader_jury = juryOfError(error);
		}
		// A graded run is stored with its scores; one without any would read as a row written by hand.
		if (grader_error === null && scores.length === 0)
			grader_error = `grader ${context.grader.id} returned no scores; a grader returns one score per metric`;
	}
	return {
		cell,
		attempt,
		scores: context.redactor.json(scores, redactions),
		grader_error: context.redactor.optionalText(grader_error, redactions),
		grader_jury,
		started_at,
		redactions: redactions.count,
	};
}

/** Writes a graded cell: its artifacts, then its run and scores in the writer's next batch. */
export async function persistCell(graded: GradedCell, context: CellContext): Promise<CellOutcome> {
	const { cell, attempt, scores, grader_error, grader_jury, started_at, redactions, worker } = graded;
	const artifacts: StagedArtifact[] = [];
	const stage = (value: string | null, type: string): string | null => {
		if (value === null) return null;
		const staged = context.store.stageArtifact(value, type);
		artifacts.push(staged);
		return staged.sha256;
	};
	// A small raw reply (ids, finish reason, raw usage) rides in the row's provenance: one file
	// per call would cost more than the call's bookkeeping. A large one is an artifact.
	const rawInline = attempt.raw !== null && JSON.stringify(attempt.raw).length <= INLINE_RAW_LIMIT;
	const input = context.stagedInputs.get(cell.case, () =>
		context.store.stageArtifact(canonicalJson(cell.case.input), "application/json"),
	);
	if (!input.stored) artifacts.push(input.artifact);
	const input_sha = input.artifact.sha256;
	const output_sha = stage(attempt.final, "text/plain; charset=utf-8");
	const trace_sha = attempt.trace.length === 0 ? null : stage(canonicalJson(attempt.trace), "application/json");
	const diff_sha = stage(attempt.diff, "text/x-diff; charset=utf-8");
	const raw_sha = rawInline || attempt.raw === null ? null : stage(canonicalJson(attempt.raw), "application/json");
	const scoreRecords = scores.map((score) =>
		toScoreRecord(
			score,
			score.jury_votes === null ? null : stage(canonicalJson(score.jury_votes), "application/json"),
			stage(score.reasoning, "text/plain; charset=utf-8"),
		),
	);
	const run_id = await context.writer.write({
		artifacts,
		run: {
			benchmark_version: context.benchmarkVersion,
			use_case_id: context.useCaseId,
			case_id: cell.case.id,
			case_version: cell.case.version,
			case_kind: cell.case.kind,
			// The input artifact is the canonical JSON of the input, so its sha256 is the input hash.
			input_hash: input_sha,
			model_id: cell.model.id,
			harness: context.runner.id,
			sample_index: cell.sample_index,
			depth: context.depth,
			cell_key: cell.cell_key,
			status: attempt.status,
			error: attempt.error,
			grader_error,
			telemetry: attempt.telemetry,
			input_sha,
			output_sha,
			trace_sha,
			diff_sha,
			raw_sha,
			provenance: {
				...context.provenance,
				// Shared, not copied: the record is only read (serialized) from here on.
				runner: attempt.runner_provenance as unknown as JsonObject,
				...(rawInline ? { raw: attempt.raw } : {}),
				// A failed grading's jury record (votes paid for, no score) is kept with who graded.
				grader:
					grader_jury === null
						? graderProvenance(context.grader)
						: { ...graderProvenance(context.grader), jury: grader_jury },
				...(worker === undefined ? {} : { worker }),
			},
			started_at,
			finished_at: graded.finished_at ?? new Date().toISOString(),
			redactions,
			warnings: attempt.warnings ?? [],
		},
		scores: scoreRecords,
	});
	input.stored = true;
	const headline = scores.find((score) => score.metric === context.headline)?.value ?? null;
	return { cell, run_id, attempt, grader_error, headline };
}

async function runGuarded(cell: PlannedCell, context: GradeContext): Promise<Attempt> {
	try {
		return await context.runner.run(
			{ case: cell.case, model: cell.model, sample_index: cell.sample_index, harness: context.harnessConfig },
			{ signal: context.signal },
		);
	} catch (error) {
		return {
			final: null,
			trace: [],
			telemetry: UNKNOWN_TELEMETRY,
			status: "harness_error",
			error: describe(error, "runner"),
			runner_provenance: { runner: context.runner.id, runner_version: context.runner.version, details: {} },
			diff: null,
			raw: null,
		};
	}
}

/** A score as stored: its votes and reasoning replaced by their artifacts (fields named one by one: a rest spread is slow at this rate). */
function toScoreRecord(score: Score, jury_votes_sha: string | null, reasoning_sha: string | null): ScoreRecord {
	return {
		metric: score.metric,
		score_type: score.score_type,
		value: score.value,
		value_label: score.value_label,
		jury_votes_sha,
		inter_judge_disagreement: score.inter_judge_disagreement,
		confidence: score.confidence,
		critical_failure: score.critical_failure,
		gate_meta: score.gate_meta,
		reasoning_sha,
		grader_version: score.grader_version,
		judge_panel_version: score.judge_panel_version,
		extras: score.extras,
	};
}

/** `{ id, version }` of each grader, made once: every run row of a use case carries the same one. */
const graderProvenances = new WeakMap<Grader, JsonObject>();

function graderProvenance(grader: Grader): JsonObject {
	let provenance = graderProvenances.get(grader);
	if (provenance === undefined) {
		provenance = Object.freeze({ id: grader.id, version: grader.version });
		graderProvenances.set(grader, provenance);
	}
	return provenance;
}

/** The jury's record a grader's error carries (`data.jury`, see the jury grader), or null. */
function juryOfError(error: unknown): JsonObject | null {
	const jury = error instanceof TouchstoneError ? error.data?.jury : undefined;
	return typeof jury === "object" && jury !== null && !Array.isArray(jury) ? jury : null;
}

function describe(error: unknown, who: string): string {
	if (error instanceof TouchstoneError) return `${who} ${error.code}: ${error.message}`;
	if (error instanceof Error) return `${who} threw: ${error.message}`;
	return `${who} threw: ${String(error)}`;
}
