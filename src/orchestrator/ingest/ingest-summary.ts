import { BadInputError, type InputIssue, type JsonObject } from "../../contract/index.js";
import type { AggregateRowInput, Store } from "../../store/index.js";
import { checkSourceName } from "./source-name.js";
import { readSummaryFile, type SummaryBoard, type SummaryRow } from "./summary-file.js";

/** What to bring in from a summary file. */
export interface SummaryIngestRequest {
	/** The summary file: a saved leaderboard (`touchstone leaderboard --json`) or a list of them. */
	readonly from: string;
	/** The source its rows are tagged with; a later sync of the same source replaces exactly them. */
	readonly source: string;
	/** The use cases to take from it; empty or absent: all of them. */
	readonly use_cases?: readonly string[] | undefined;
	/** Also take the summary's own aggregate rows (themselves from a third source; off: no re-federation loops). */
	readonly include_ingested?: boolean | undefined;
}

/** What one use case's aggregate rows came to. */
export interface SummaryUseCaseIngest {
	readonly use_case_id: string;
	readonly benchmark_version: string;
	/** Aggregate rows written. */
	readonly inserted: number;
	/** The source's earlier aggregate rows of the use case, replaced. */
	readonly deleted: number;
	/**
	 * The summary's rows left out as themselves from elsewhere (see `include_ingested`): its own
	 * aggregate rows, and per-case rows none of which ran there (`native_rows` 0, with `sources`).
	 */
	readonly left_out_ingested: number;
	/** Whether this store has that version's spec current, so per-case rows here can hide some of them. */
	readonly joined: boolean;
}

/** What a summary sync did. */
export interface SummaryIngest {
	readonly source: string;
	readonly from: string;
	readonly sha256: string;
	readonly use_cases: readonly SummaryUseCaseIngest[];
}

/**
 * Brings a summary of another store in as aggregate rows (the fallback when per-case rows cannot
 * be had): one per model × harness of each saved leaderboard, its figures as the summary gives
 * them and null where it has none. The leaderboard here shows one only where no per-case row of
 * that model × harness exists, and never decides with it. Every use case is checked before any is
 * written: one whose current spec here is of another version than the summary's is refused (its
 * rows would never show). Re-runnable: a sync replaces only its own source's aggregate rows.
 */
export function ingestSummary(store: Store, request: SummaryIngestRequest): SummaryIngest {
	const source = checkSourceName(request.source);
	const file = readSummaryFile(request.from);
	const boards = selectBoards(file.boards, request.use_cases ?? [], request.from);
	const issues: InputIssue[] = [];
	for (const board of boards) {
		const current = store.currentSpec(board.use_case_id);
		if (current !== null && current.benchmark_version !== board.benchmark_version)
			issues.push({
				source: "--use-case",
				line: null,
				column: null,
				path: board.use_case_id,
				message: `use case ${board.use_case_id} is at ${current.benchmark_version} here and the summary at ${board.benchmark_version}: its rows would never show`,
				fix: "ingest the other store itself (--from its benchmarks.db) to bring that version, or leave the use case out (name the others with --use-case)",
			});
	}
	if (issues.length > 0)
		throw new BadInputError("Nothing was ingested: some use cases here are at another version.", issues);
	const ingestedAt = new Date().toISOString();
	const written = boards.map((board): SummaryUseCaseIngest => {
		const provenance = (row: SummaryRow, fidelity: string): JsonObject => ({
			summary: {
				path: request.from,
				sha256: file.sha256,
				fidelity,
				...(row.source ? { source: row.source } : {}),
				...(row.sources && row.sources.length > 0 ? { sources: [...row.sources] } : {}),
			},
			ingested_at: ingestedAt,
		});
		const include = request.include_ingested === true;
		// A per-case row none of whose rows ran there is a mirror of a third store: taking it would
		// loop a federation back on itself (ours, summarised there, coming home as theirs).
		const mirrored = board.rows.filter(isMirror);
		const own = board.rows.filter((row) => include || !isMirror(row));
		const theirs = include ? (board.aggregate_rows ?? []) : [];
		const rows = [
			...own.map((row) => aggregateOf(board, row, provenance(row, "per_case"))),
			...theirs.map((row) => aggregateOf(board, row, provenance(row, "aggregate"))),
		];
		const replaced = store.replaceAggregates(board.use_case_id, source, dedupe(rows));
		return {
			use_case_id: board.use_case_id,
			benchmark_version: board.benchmark_version,
			inserted: replaced.inserted,
			deleted: replaced.deleted,
			left_out_ingested: include ? 0 : (board.aggregate_rows ?? []).length + mirrored.length,
			joined: store.currentSpec(board.use_case_id)?.benchmark_version === board.benchmark_version,
		};
	});
	return { source, from: request.from, sha256: file.sha256, use_cases: written };
}

/** Whether a summary's per-case row came wholly from elsewhere (ingested or imported there). */
function isMirror(row: SummaryRow): boolean {
	return row.native_rows === 0 && (row.sources ?? []).length > 0;
}

function aggregateOf(board: SummaryBoard, row: SummaryRow, provenance: JsonObject): AggregateRowInput {
	const known = <T>(value: T | null | undefined): T | null => value ?? null;
	return {
		use_case_id: board.use_case_id,
		benchmark_version: board.benchmark_version,
		headline_metric: board.headline_metric,
		band: board.band,
		spec_cases: board.spec_cases,
		model_id: row.model_id,
		harness: row.harness,
		headline: known(row.headline),
		headline_interval: row.headline_interval
			? { low: row.headline_interval.low, high: row.headline_interval.high }
			: null,
		pass_rate: known(row.pass_rate),
		cases: known(row.cases),
		samples: known(row.samples),
		cost_per_case_usd: known(row.cost_per_case_usd),
		p50_latency_ms: known(row.p50_latency_ms),
		precision: known(row.precision),
		provenance,
	};
}

/** One row per model × harness: a summary's per-case row wins over its own aggregate of the same. */
function dedupe(rows: readonly AggregateRowInput[]): AggregateRowInput[] {
	const byCell = new Map<string, AggregateRowInput>();
	for (const row of rows) {
		const key = JSON.stringify([row.model_id, row.harness]);
		if (!byCell.has(key)) byCell.set(key, row);
	}
	return [...byCell.values()];
}

function selectBoards(boards: readonly SummaryBoard[], requested: readonly string[], path: string): SummaryBoard[] {
	if (requested.length === 0) return [...boards];
	const available = boards.map((board) => board.use_case_id);
	const unknown = [...new Set(requested)].filter((id) => !available.includes(id));
	if (unknown.length > 0)
		throw new BadInputError(
			"No such use case in the summary file.",
			unknown.map((id) => ({
				source: "--use-case",
				line: null,
				column: null,
				path: id,
				message: `${path} has no leaderboard of use case ${id}`,
				fix: `use cases there: ${available.join(", ")}`,
			})),
		);
	return boards.filter((board) => requested.includes(board.use_case_id));
}
