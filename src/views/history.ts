import { NotFoundError } from "../contract/index.js";
import type { Store } from "../store/index.js";
import { type DeploymentRecord, deploymentHistory } from "./deployment-history.js";
import { type Leaderboard, leaderboard } from "./leaderboard.js";
import type { Interval } from "./statistics/index.js";

/** One model × harness on one frozen version: its headline there and what stands behind it. */
export interface HistoryRow {
	readonly model_id: string;
	readonly harness: string;
	/** The version's leaderboard headline (mean over cases of the per-case mean); null when nothing was graded. */
	readonly headline: number | null;
	/** Its 95 % bootstrap interval; null with fewer than two cases. */
	readonly headline_interval: Interval | null;
	readonly pass_rate: number | null;
	readonly pass_rate_interval: Interval | null;
	/** Cases graded under this version, of the version's `cases`. */
	readonly cases: number;
	/** Graded rows (samples) behind the headline. */
	readonly samples: number;
	/** `thorough` when every case of the version was run, else `limited`. */
	readonly precision: "limited" | "thorough";
	/** Whether this was the version's deployed incumbent. */
	readonly deployed: boolean;
	/** Whether this is a reference policy (baseline, gold): a floor or ceiling line, never a pick. */
	readonly reference: boolean;
}

/** One frozen version of a use case and how every model that ran under it scored. */
export interface HistoryVersion {
	readonly benchmark_version: string;
	/** When the version was frozen (UTC ISO-8601). */
	readonly created_at: string;
	/** Whether this is the use case's current version. */
	readonly current: boolean;
	readonly headline_metric: string;
	/** Good-enough band below the best headline. */
	readonly band: number;
	/** Cases in the version's spec. */
	readonly cases: number;
	/** The rows of the version's pinned leaderboard, in its order (best first). */
	readonly rows: readonly HistoryRow[];
	/** The model × harness the version's decision named best; null when it named none. */
	readonly best: { readonly model_id: string; readonly harness: string } | null;
}

/** A use case's benchmark versions over time, oldest first, and what ran in production meanwhile. */
export interface UseCaseHistory {
	readonly use_case_id: string;
	/** Every frozen version, oldest first; the current one is flagged. */
	readonly versions: readonly HistoryVersion[];
	/** What ran in production over time (the deployments ledger), oldest first, the incumbent last. */
	readonly deployments: readonly DeploymentRecord[];
}

/**
 * How a use case's versions moved: for every frozen version, oldest first, the leaderboard pinned
 * to it (so each figure is exactly what `leaderboard --benchmark-version` says for that version,
 * from the rows current under its spec), cut down to the headline and what stands behind it.
 * NotFoundError when the use case has no version (unknown, or an idea that never ran).
 */
export function useCaseHistory(store: Store, useCaseId: string): UseCaseHistory {
	const specs = store.listSpecs(useCaseId);
	if (specs.length === 0)
		throw new NotFoundError(
			`use case ${useCaseId} has no spec snapshot yet; run it first (touchstone run --use-case ${useCaseId})`,
		);
	const current = store.currentSpec(useCaseId)?.benchmark_version ?? null;
	return {
		use_case_id: useCaseId,
		versions: specs.map((spec) =>
			historyVersion(leaderboard(store, useCaseId, { benchmarkVersion: spec.benchmark_version }), {
				created_at: spec.created_at,
				current: spec.benchmark_version === current,
			}),
		),
		deployments: deploymentHistory(store, useCaseId),
	};
}

function historyVersion(board: Leaderboard, spec: { created_at: string; current: boolean }): HistoryVersion {
	const { best } = board.decision;
	return {
		benchmark_version: board.benchmark_version,
		created_at: spec.created_at,
		current: spec.current,
		headline_metric: board.headline_metric,
		band: board.band,
		cases: board.spec_cases,
		rows: board.rows.map((row) => ({
			model_id: row.model_id,
			harness: row.harness,
			headline: row.headline,
			headline_interval: row.headline_interval,
			pass_rate: row.pass_rate,
			pass_rate_interval: row.pass_rate_interval,
			cases: row.cases,
			samples: row.samples,
			precision: row.precision,
			deployed: row.deployed,
			reference: row.reference,
		})),
		best: best === null ? null : { model_id: best.model_id, harness: best.harness },
	};
}
