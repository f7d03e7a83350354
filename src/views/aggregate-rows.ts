import type { Store, StoredAggregateRow } from "../store/index.js";
import type { Decision } from "./decision.js";
import { groupKey } from "./group-facts.js";
import type { Interval } from "./statistics/index.js";

/**
 * A model × harness on a leaderboard known only from another store's summary (a federated ingest
 * of a saved leaderboard, see `touchstone ingest`): its figures as the summary gave them, null
 * where it had none. Shown only where this store has no per-case row of the same model × harness
 * (per-case wins), always with its source.
 *
 * Never eligible for best, cheapest or fastest good enough, and never a side of a paired delta:
 * "good enough" is a paired bootstrap of the gap to the best over the cases both were graded on,
 * and an aggregate has no per-case means to pair (its interval was drawn elsewhere, over cases
 * that need not be these). Ranking its headline against per-case rows as if it were one would let
 * a pick rest on a comparison whose uncertainty nobody computed.
 */
export interface AggregateLeaderboardRow {
	readonly fidelity: "aggregate";
	/** The federated ingest it came from. */
	readonly source: string;
	readonly model_id: string;
	readonly harness: string;
	readonly headline: number | null;
	/** The summary's interval of the headline (95 % for a touchstone leaderboard). */
	readonly headline_interval: Interval | null;
	readonly pass_rate: number | null;
	/** Cases behind the summary's figures, when it says. */
	readonly cases: number | null;
	readonly samples: number | null;
	readonly cost_per_case_usd: number | null;
	readonly p50_latency_ms: number | null;
	readonly precision: "limited" | "thorough" | null;
	/** When this store took it in (UTC ISO-8601). */
	readonly ingested_at: string;
}

/**
 * The aggregate rows of `benchmarkVersion` that no per-case row hides (`perCase`: the group keys
 * with current rows), one per model × harness (the latest ingested when two sources summarise
 * the same), best headline first.
 */
export function aggregateRows(
	store: Store,
	useCaseId: string,
	benchmarkVersion: string,
	perCase: ReadonlySet<string>,
): AggregateLeaderboardRow[] {
	const latest = new Map<string, StoredAggregateRow>();
	for (const row of store.listAggregates(useCaseId, benchmarkVersion)) {
		const key = groupKey(row.model_id, row.harness);
		if (!perCase.has(key)) latest.set(key, row);
	}
	return [...latest.values()]
		.map(toLeaderboardRow)
		.sort(
			(a, b) =>
				(b.headline ?? Number.NEGATIVE_INFINITY) - (a.headline ?? Number.NEGATIVE_INFINITY) ||
				a.model_id.localeCompare(b.model_id) ||
				a.harness.localeCompare(b.harness),
		);
}

/** The decision with a note naming the aggregate rows it was not made from, when there are any. */
export function noteAggregates(decision: Decision, rows: readonly AggregateLeaderboardRow[]): Decision {
	if (rows.length === 0) return decision;
	const named = rows.map((row) => `${row.model_id} (from ${row.source})`).join(", ");
	return {
		...decision,
		notes: [
			...decision.notes,
			`aggregate rows from summaries are shown but never picked (they have no per-case rows to compare with confidence): ${named}`,
		],
	};
}

/**
 * The version an aggregate-only leaderboard shows (a use case this store knows only from
 * summaries): `benchmarkVersion` when given, else the one of the latest aggregate row; with the
 * summary's headline metric, band and spec size. Null when the store has no aggregate of it.
 */
export function aggregateOnlyVersion(
	store: Store,
	useCaseId: string,
	benchmarkVersion: string | undefined,
): { benchmark_version: string; headline_metric: string; band: number; spec_cases: number } | null {
	const last = store.listAggregates(useCaseId, benchmarkVersion).at(-1);
	return last === undefined
		? null
		: {
				benchmark_version: last.benchmark_version,
				headline_metric: last.headline_metric,
				band: last.band,
				spec_cases: last.spec_cases,
			};
}

function toLeaderboardRow(row: StoredAggregateRow): AggregateLeaderboardRow {
	return {
		fidelity: "aggregate",
		source: row.ingest_source,
		model_id: row.model_id,
		harness: row.harness,
		headline: row.headline,
		headline_interval: row.headline_interval,
		pass_rate: row.pass_rate,
		cases: row.cases,
		samples: row.samples,
		cost_per_case_usd: row.cost_per_case_usd,
		p50_latency_ms: row.p50_latency_ms,
		precision: row.precision,
		ingested_at: row.created_at,
	};
}
