import type { JsonObject } from "../../contract/index.js";
import type { CellRecord, RunRecord, ScoreRecord, StoredRun, StoredScore } from "../../store/index.js";
import type { ArtifactCopier } from "./artifact-copier.js";

/** Where the mirrored rows came from, kept in every run's provenance. */
export interface IngestOrigin {
	/** The source the rows are tagged with here. */
	readonly source: string;
	/** The other store's database, as named. */
	readonly from: string;
	/** When this sync read it (UTC ISO-8601). */
	readonly ingested_at: string;
}

/** The artifact columns of a run, with the words a warning uses for each. */
const RUN_ARTIFACTS = [
	["input_sha", "input"],
	["output_sha", "output"],
	["trace_sha", "trace"],
	["diff_sha", "diff"],
	["raw_sha", "raw output"],
] as const;

/**
 * One foreign run and its scores as a cell of this store, field by field: nothing is recomputed,
 * so the cell key, status, telemetry and every score are the other store's. Its artifacts are
 * copied here; one the other store cannot give leaves the column null and a warning on the run
 * (`output not available at ingest from NAME: …`), never a silently missing text. The provenance
 * keeps the other store's and adds `ingest` (source, path, the foreign run id and when it was
 * written there); this store's `created_at` is the write's.
 */
export function foreignCell(
	run: StoredRun,
	scores: readonly StoredScore[],
	copier: ArtifactCopier,
	origin: IngestOrigin,
): CellRecord {
	const warnings: string[] = [];
	const copy = (sha: string | null, what: string): string | null => {
		const copied = copier.copy(sha);
		if (copied === null) return null;
		if (copied.problem !== null)
			warnings.push(`${what} not available at ingest from ${origin.source}: ${copied.problem}`);
		return copied.sha;
	};
	const shas = Object.fromEntries(RUN_ARTIFACTS.map(([column, what]) => [column, copy(run[column], what)])) as Record<
		(typeof RUN_ARTIFACTS)[number][0],
		string | null
	>;
	const records: ScoreRecord[] = scores.map((score) => ({
		metric: score.metric,
		score_type: score.score_type,
		value: score.value,
		value_label: score.value_label,
		jury_votes_sha: copy(score.jury_votes_sha, `jury votes of ${score.metric}`),
		inter_judge_disagreement: score.inter_judge_disagreement,
		confidence: score.confidence,
		critical_failure: score.critical_failure,
		gate_meta: score.gate_meta,
		reasoning_sha: copy(score.reasoning_sha, `reasoning of ${score.metric}`),
		grader_version: score.grader_version,
		judge_panel_version: score.judge_panel_version,
		extras: score.extras,
	}));
	const record: RunRecord = {
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
		error: run.error,
		grader_error: run.grader_error,
		telemetry: run.telemetry,
		...shas,
		provenance: provenanceOf(run, origin),
		started_at: run.started_at,
		finished_at: run.finished_at,
		redactions: run.redactions,
		// Null means "recorded before the store kept warnings": it stays so unless this sync adds one.
		warnings: warnings.length === 0 ? run.warnings : [...(run.warnings ?? []), ...warnings],
	};
	return { run: record, scores: records };
}

function provenanceOf(run: StoredRun, origin: IngestOrigin): JsonObject {
	const { ingest: upstream, ...provenance } = run.provenance;
	return {
		...provenance,
		ingest: {
			source: origin.source,
			from: origin.from,
			foreign_run_id: run.run_id,
			foreign_created_at: run.created_at,
			// A row the other store itself ingested (kept only with --include-ingested) names where it came from.
			foreign_ingest_source: run.ingest_source,
			ingested_at: origin.ingested_at,
			...(upstream === undefined ? {} : { upstream }),
		},
	};
}
