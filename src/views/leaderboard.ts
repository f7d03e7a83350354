import type { Store } from "../store/index.js";
import { aggregateOnlyLeaderboard } from "./aggregate-leaderboard.js";
import { type AggregateLeaderboardRow, aggregateRows, noteAggregates } from "./aggregate-rows.js";
import { currentFacts } from "./current-facts.js";
import { type Decision, decide } from "./decision.js";
import { type DeploymentRecord, deploymentHistory } from "./deployment-history.js";
import { floorMissTolerance } from "./gate-model.js";
import { type GradingCost, gradingCost } from "./grading-cost.js";
import { groupKey } from "./group-facts.js";
import { latestVolume } from "./latest-volume.js";
import { type LeaderboardRow, leaderboardRow } from "./leaderboard-row.js";
import { normsColumns } from "./norms-column.js";
import { withTaskColumns } from "./task-columns.js";

export type { AggregateLeaderboardRow } from "./aggregate-rows.js";
export type { GradingCost } from "./grading-cost.js";
export type { LeaderboardRow } from "./leaderboard-row.js";
export type { PairedDelta } from "./paired-delta.js";

/** Resamples and seed of every bootstrap interval of a leaderboard (same store, same seed: same numbers). */
export const LEADERBOARD_BOOTSTRAP = { samples: 1_000, seed: 1, level: 0.95 } as const;

/** A use case's leaderboard from current rows only, best headline first, with the decision. */
export interface Leaderboard {
	readonly use_case_id: string;
	readonly benchmark_version: string;
	readonly headline_metric: string;
	/** Good-enough band below the best headline. */
	readonly band: number;
	/** Cases in the spec: a row covering all of them is thorough. */
	readonly spec_cases: number;
	/** Task use cases: the floor tasks a model may miss and stay qualified (the spec's); null elsewhere. */
	readonly floor_miss_tolerance: number | null;
	readonly rows: readonly LeaderboardRow[];
	/**
	 * Models known here only from another store's summary (federated ingest), where no row of
	 * `rows` is of the same model × harness: shown, marked, never part of the decision.
	 */
	readonly aggregate_rows: readonly AggregateLeaderboardRow[];
	readonly decision: Decision;
	/** What grading by the jury cost; null when no current row was graded by a jury. */
	readonly grading_cost: GradingCost | null;
	/** Stored rows of older definitions, flagged and left out. */
	readonly stale_rows: number;
	/** Older rows of current cells replaced by a later run of the same cell. */
	readonly superseded_rows: number;
	/** How the intervals were computed. */
	readonly bootstrap: { readonly samples: number; readonly seed: number; readonly level: number };
	/** What ran in production over time (the deployments ledger), oldest first, the incumbent last. */
	readonly deployments: readonly DeploymentRecord[];
}

/** Which version to read and how to bootstrap. */
export interface LeaderboardOptions {
	/** The benchmark version whose spec decides which runs are current; default the current one. */
	readonly benchmarkVersion?: string | undefined;
	/** Resamples and seed of the intervals; default {@link LEADERBOARD_BOOTSTRAP}. */
	readonly bootstrap?: { readonly samples: number; readonly seed: number } | undefined;
	/** Ids of the models models.yaml retires; absent: not known, so every row's `retired` is null. */
	readonly retired?: ReadonlySet<string> | undefined;
}

/** Computes the leaderboard and decision of a use case from the store alone. */
export function leaderboard(store: Store, useCaseId: string, options: LeaderboardOptions = {}): Leaderboard {
	const bootstrap = { ...LEADERBOARD_BOOTSTRAP, ...options.bootstrap };
	const version = options.benchmarkVersion;
	const summarised = aggregateOnlyLeaderboard(store, useCaseId, version, bootstrap);
	if (summarised !== null) return summarised;
	const { spec, document, groups, stale, superseded } = currentFacts(store, useCaseId, { benchmarkVersion: version });
	const thresholds = new Map(document.cases.map((item) => [item.id, item.threshold]));
	const deployedGroup =
		document.deployed === null
			? undefined
			: groups.find(
					(group) => group.model_id === document.deployed?.model && group.harness === document.deployed.harness,
				);
	const references = new Set(document.reference_models ?? []);
	const scoredCases = new Set(groups.flatMap((group) => [...group.gradedCases]));
	const norms = normsColumns(store, useCaseId, { benchmarkVersion: options.benchmarkVersion, plugin: document.plugin });
	const scoredRows = groups.map((group) =>
		leaderboardRow(group, {
			scoredCases,
			norms: norms.get(groupKey(group.model_id, group.harness)) ?? { norms_mean: null, norms_n: 0 },
			reference: references.has(group.model_id),
			thresholds,
			specCases: document.cases.length,
			bootstrap,
			deployed: deployedGroup,
			isDeployed: group === deployedGroup,
			retired: options.retired === undefined ? null : options.retired.has(group.model_id),
		}),
	);
	// Best headline first; a tie goes to the cheaper model, as in the decision.
	scoredRows.sort(
		(a, b) =>
			(b.headline ?? -1) - (a.headline ?? -1) ||
			(a.cost_per_case_usd ?? Number.POSITIVE_INFINITY) - (b.cost_per_case_usd ?? Number.POSITIVE_INFINITY) ||
			a.model_id.localeCompare(b.model_id),
	);
	// A task use case's rows carry the gate model and lenses, ranked candidates first.
	const tasks = document.plugin === "tasks";
	const rows = tasks
		? withTaskColumns(store, useCaseId, scoredRows, { benchmarkVersion: options.benchmarkVersion, references })
		: scoredRows;
	const byKey = new Map(groups.map((group) => [groupKey(group.model_id, group.harness), group]));
	const aggregates = aggregateRows(store, useCaseId, spec.benchmark_version, new Set(byKey.keys()));
	return {
		use_case_id: useCaseId,
		benchmark_version: spec.benchmark_version,
		headline_metric: document.headline,
		band: document.band,
		spec_cases: document.cases.length,
		floor_miss_tolerance: tasks ? floorMissTolerance(document) : null,
		rows,
		aggregate_rows: aggregates,
		decision: noteAggregates(
			decide({
				rows,
				groups: byKey,
				deployed: document.deployed,
				band: document.band,
				bootstrap,
				volume: latestVolume(store, useCaseId),
			}),
			aggregates,
		),
		grading_cost: gradingCost(groups, rows),
		stale_rows: stale,
		superseded_rows: superseded,
		bootstrap,
		deployments: deploymentHistory(store, useCaseId),
	};
}
