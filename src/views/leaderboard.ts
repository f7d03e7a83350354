import type { Store, StoredRun } from "../store/index.js";
import { currentRuns } from "./current-runs.js";
import { mean, percentile } from "./percentile.js";

/** One model × harness on a use case's leaderboard. */
export interface LeaderboardRow {
	readonly model_id: string;
	readonly harness: string;
	/** Mean over cases of the per-case mean headline (samples averaged within a case first). */
	readonly headline: number | null;
	/** Share of graded cases whose mean headline reaches the case threshold. */
	readonly pass_rate: number | null;
	/** Sum of known costs of the current rows; null when no row's cost is known. */
	readonly cost_usd: number | null;
	/** Current rows whose cost is unknown: when > 0, `cost_usd` is a lower bound. */
	readonly unknown_cost: number;
	/** Median latency of the graded rows, in milliseconds. */
	readonly p50_latency_ms: number | null;
	/** `thorough` when every case of the spec has a graded row, else `limited` (shown with `*`). */
	readonly precision: "limited" | "thorough";
	/** Cases with at least one graded row. */
	readonly cases: number;
	/** Graded rows (samples) behind the headline. */
	readonly samples: number;
	/** Rows excluded from aggregates because the harness (not the model) failed. */
	readonly harness_errors: number;
	/** Rows excluded because the grader could not grade. */
	readonly grader_errors: number;
	/** Whether this is the use case's deployed incumbent. */
	readonly deployed: boolean;
}

/** A use case's leaderboard from current rows only, best headline first. */
export interface Leaderboard {
	readonly use_case_id: string;
	readonly benchmark_version: string;
	readonly headline_metric: string;
	readonly rows: readonly LeaderboardRow[];
	/** Stored rows of older definitions, flagged and left out. */
	readonly stale_rows: number;
}

/** Computes the leaderboard of a use case from the store alone. */
export function leaderboard(store: Store, useCaseId: string, benchmarkVersion?: string): Leaderboard {
	const { spec, document, current, stale } = currentRuns(store, useCaseId, benchmarkVersion);
	const thresholds = new Map(document.cases.map((item) => [item.id, item.threshold]));
	const headlines = headlineByRun(store, current, document.headline);
	const groups = new Map<string, StoredRun[]>();
	for (const run of current) {
		const key = `${run.model_id}\u0000${run.harness}`;
		const group = groups.get(key) ?? [];
		group.push(run);
		groups.set(key, group);
	}
	const rows = [...groups.values()].map((runs): LeaderboardRow => {
		const first = runs[0] as StoredRun;
		const graded = runs.filter((run) => run.status !== "harness_error" && headlines.has(run.run_id));
		const byCase = new Map<string, number[]>();
		for (const run of graded) {
			const values = byCase.get(run.case_id) ?? [];
			values.push(headlines.get(run.run_id) as number);
			byCase.set(run.case_id, values);
		}
		const caseMeans = [...byCase].map(([caseId, values]) => ({ caseId, value: mean(values) as number }));
		const passes = caseMeans.filter(({ caseId, value }) => value >= (thresholds.get(caseId) ?? 1)).length;
		const known = runs.map((run) => run.telemetry.cost_usd).filter((cost): cost is number => cost !== null);
		const latencies = graded.map((run) => run.telemetry.latency_ms).filter((ms): ms is number => ms !== null);
		return {
			model_id: first.model_id,
			harness: first.harness,
			headline: mean(caseMeans.map(({ value }) => value)),
			pass_rate: caseMeans.length === 0 ? null : passes / caseMeans.length,
			cost_usd: known.length === 0 ? null : known.reduce((sum, cost) => sum + cost, 0),
			unknown_cost: runs.length - known.length,
			p50_latency_ms: percentile(latencies, 50),
			precision: byCase.size === document.cases.length ? "thorough" : "limited",
			cases: byCase.size,
			samples: graded.length,
			harness_errors: runs.filter((run) => run.status === "harness_error").length,
			grader_errors: runs.filter((run) => run.grader_error !== null).length,
			deployed:
				document.deployed !== null &&
				document.deployed.model === first.model_id &&
				document.deployed.harness === first.harness,
		};
	});
	rows.sort((a, b) => (b.headline ?? -1) - (a.headline ?? -1) || a.model_id.localeCompare(b.model_id));
	return {
		use_case_id: useCaseId,
		benchmark_version: spec.benchmark_version,
		headline_metric: document.headline,
		rows,
		stale_rows: stale,
	};
}

function headlineByRun(store: Store, runs: readonly StoredRun[], metric: string): Map<string, number> {
	const values = new Map<string, number>();
	const scores = store.scoresForRuns(runs.map((run) => run.run_id));
	for (const [runId, runScores] of scores) {
		const value = runScores.find((score) => score.metric === metric)?.value;
		if (value !== undefined && value !== null) values.set(runId, value);
	}
	return values;
}
