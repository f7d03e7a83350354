import type { JsonObject } from "../contract/index.js";
import type { StoreContext } from "./context.js";
import { fieldIssue, refuseIssues } from "./issues.js";

/**
 * One model × harness as another store summarised it (a saved leaderboard): the aggregate
 * fallback of a federated ingest, for models whose per-case rows this store does not have. Every
 * figure the summary lacks is null, never 0.
 */
export interface AggregateRowInput {
	readonly use_case_id: string;
	/** The version the summary was computed under (this store need not hold its spec). */
	readonly benchmark_version: string;
	/** The summary's headline metric. */
	readonly headline_metric: string;
	/** The summary's good-enough band. */
	readonly band: number;
	/** Cases in the summarised spec. */
	readonly spec_cases: number;
	readonly model_id: string;
	readonly harness: string;
	readonly headline: number | null;
	/** The headline's interval as the summary gave it (its level, 95 % for a touchstone leaderboard). */
	readonly headline_interval: { readonly low: number; readonly high: number } | null;
	readonly pass_rate: number | null;
	/** Cases with a graded row behind the summary's figures. */
	readonly cases: number | null;
	/** Graded rows behind the headline. */
	readonly samples: number | null;
	readonly cost_per_case_usd: number | null;
	readonly p50_latency_ms: number | null;
	/** Depth of the summarised row, when the summary says. */
	readonly precision: "limited" | "thorough" | null;
	/** Where the row came from (the file, its hash, what the summary said of itself). */
	readonly provenance: JsonObject;
}

/** A stored aggregate row. */
export interface StoredAggregateRow extends AggregateRowInput {
	readonly aggregate_id: number;
	/** The federated ingest that brought it (never null: every aggregate row is ingested). */
	readonly ingest_source: string;
	/** When this store wrote it (UTC ISO-8601). */
	readonly created_at: string;
}

interface AggregateRow extends Omit<StoredAggregateRow, "headline_interval" | "provenance"> {
	readonly headline_low: number | null;
	readonly headline_high: number | null;
	readonly provenance_json: string;
}

const COLUMNS = [
	"use_case_id",
	"benchmark_version",
	"headline_metric",
	"band",
	"spec_cases",
	"model_id",
	"harness",
	"headline",
	"headline_low",
	"headline_high",
	"pass_rate",
	"cases",
	"samples",
	"cost_per_case_usd",
	"p50_latency_ms",
	"precision",
	"provenance_json",
	"ingest_source",
	"created_at",
] as const;

/**
 * Replaces the aggregate rows `ingestSource` brought in for `useCaseId` with `rows` (all of that
 * use case), the one deletion the table allows. Must run inside a transaction (the caller's).
 * Returns how many rows were removed.
 */
export function replaceAggregateRows(
	context: StoreContext,
	useCaseId: string,
	ingestSource: string,
	rows: readonly AggregateRowInput[],
	createdAt: string,
): { deleted: number; inserted: number } {
	refuseIssues("The aggregate rows are not valid.", [
		...(ingestSource.trim() === ""
			? [fieldIssue("ingest", "ingest_source", "is empty", "name the source, e.g. the other store's host")]
			: []),
		...rows.flatMap((row, index) =>
			row.use_case_id === useCaseId
				? []
				: [
						fieldIssue(
							"ingest",
							`rows[${index}].use_case_id`,
							`is ${row.use_case_id}, not ${useCaseId}`,
							"replace one use case at a time",
						),
					],
		),
	]);
	const deleted = context.statements
		.get("DELETE FROM aggregate_rows WHERE use_case_id = ? AND ingest_source = ?")
		.run(useCaseId, ingestSource).changes;
	const insert = context.statements.get(
		`INSERT INTO aggregate_rows (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`,
	);
	for (const row of rows)
		insert.run(
			row.use_case_id,
			row.benchmark_version,
			row.headline_metric,
			row.band,
			row.spec_cases,
			row.model_id,
			row.harness,
			row.headline,
			row.headline_interval?.low ?? null,
			row.headline_interval?.high ?? null,
			row.pass_rate,
			row.cases,
			row.samples,
			row.cost_per_case_usd,
			row.p50_latency_ms,
			row.precision,
			JSON.stringify(row.provenance),
			ingestSource,
			createdAt,
		);
	return { deleted, inserted: rows.length };
}

/** Aggregate rows of a use case, optionally of one benchmark version, in write order. */
export function listAggregateRows(
	context: StoreContext,
	useCaseId: string,
	benchmarkVersion?: string,
): StoredAggregateRow[] {
	const rows =
		benchmarkVersion === undefined
			? context.statements
					.get("SELECT * FROM aggregate_rows WHERE use_case_id = ? ORDER BY aggregate_id")
					.all(useCaseId)
			: context.statements
					.get("SELECT * FROM aggregate_rows WHERE use_case_id = ? AND benchmark_version = ? ORDER BY aggregate_id")
					.all(useCaseId, benchmarkVersion);
	return rows.map((row) => fromRow(row as AggregateRow));
}

function fromRow({ headline_low, headline_high, provenance_json, ...row }: AggregateRow): StoredAggregateRow {
	return {
		...row,
		headline_interval:
			headline_low === null || headline_high === null ? null : { low: headline_low, high: headline_high },
		provenance: JSON.parse(provenance_json) as JsonObject,
	};
}

/** What the store holds of one use case's aggregate rows (any version). */
export interface UseCaseAggregateCounts {
	/** Aggregate rows, every version and source. */
	readonly rows: number;
	/** Distinct model × harness among them. */
	readonly models: number;
	/** The sources that brought them, sorted. */
	readonly sources: readonly string[];
	/** The benchmark version of the latest written (what an aggregate-only leaderboard shows by default). */
	readonly latest_version: string;
}

/** The aggregate rows of every use case that has some, counted in one pass. */
export function aggregateCountsByUseCase(context: StoreContext): Map<string, UseCaseAggregateCounts> {
	const rows = context.statements
		.get(
			`SELECT use_case_id, count(*) AS rows, count(DISTINCT json_array(model_id, harness)) AS models,
				json_group_array(DISTINCT ingest_source) AS sources,
				(SELECT l.benchmark_version FROM aggregate_rows AS l WHERE l.use_case_id = a.use_case_id ORDER BY l.aggregate_id DESC LIMIT 1) AS latest_version
				FROM aggregate_rows AS a GROUP BY use_case_id`,
		)
		.all() as (Omit<UseCaseAggregateCounts, "sources"> & { use_case_id: string; sources: string })[];
	return new Map(
		rows.map(({ use_case_id, sources, ...rest }) => [
			use_case_id,
			{ ...rest, sources: (JSON.parse(sources) as string[]).sort() },
		]),
	);
}
