import type { Store } from "../store/index.js";
import { aggregateOnlyVersion, aggregateRows, noteAggregates } from "./aggregate-rows.js";
import { decide } from "./decision.js";
import { deploymentHistory } from "./deployment-history.js";
import type { Leaderboard } from "./leaderboard.js";

/**
 * The leaderboard of a use case this store knows only from summaries (aggregate rows of a
 * federated ingest, no spec snapshot here): no per-case row, the aggregate rows of the version
 * asked for (default: the latest ingested), the summary's headline metric, band and spec size,
 * and a decision that picks nothing (aggregates are never eligible, see AggregateLeaderboardRow).
 * Null when the store has a spec of it (the leaderboard is then made from it), or no aggregate row either.
 */
export function aggregateOnlyLeaderboard(
	store: Store,
	useCaseId: string,
	benchmarkVersion: string | undefined,
	bootstrap: Leaderboard["bootstrap"],
): Leaderboard | null {
	// Aggregates first: most use cases have none, and a spec snapshot costs a parse to look up.
	const version = aggregateOnlyVersion(store, useCaseId, benchmarkVersion);
	if (version === null) return null;
	if ((benchmarkVersion === undefined ? store.currentSpec(useCaseId) : store.getSpec(benchmarkVersion)) !== null)
		return null;
	const aggregates = aggregateRows(store, useCaseId, version.benchmark_version, new Set());
	return {
		use_case_id: useCaseId,
		benchmark_version: version.benchmark_version,
		headline_metric: version.headline_metric,
		band: version.band,
		spec_cases: version.spec_cases,
		floor_miss_tolerance: null,
		rows: [],
		aggregate_rows: aggregates,
		decision: noteAggregates(
			{
				...decide({ rows: [], groups: new Map(), deployed: null, band: version.band, bootstrap, volume: null }),
				notes: ["no per-case rows here: this version is known only from summaries"],
			},
			aggregates,
		),
		grading_cost: null,
		stale_rows: 0,
		superseded_rows: 0,
		bootstrap,
		deployments: deploymentHistory(store, useCaseId),
	};
}
