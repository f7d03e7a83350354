import type { FactGroup } from "./group-facts.js";
import { type PairedDelta, pairedDelta } from "./paired-delta.js";
import { mean, percentile } from "./percentile.js";
import { rowOrigin } from "./row-origin.js";
import {
	bootstrapMeanInterval,
	type Interval,
	medianOrderInterval,
	normalMeanInterval,
	wilsonInterval,
} from "./statistics/index.js";
import { NO_TASK_COLUMNS, type TaskColumns } from "./task-columns.js";

/**
 * One model × harness on a use case's leaderboard. Unknown is null, never a made-up zero. On a
 * task use case it carries its gate-model standing and the two lenses ({@link TaskColumns}).
 */
export interface LeaderboardRow extends TaskColumns {
	/** Made from this store's per-case rows (an aggregate of a summary is an {@link AggregateLeaderboardRow}). */
	readonly fidelity: "per_case";
	readonly model_id: string;
	readonly harness: string;
	/**
	 * The sources a federated ingest or an import tagged its current rows with, sorted; [] when
	 * this store recorded every one. Shown on every face beside the model, so rows from elsewhere
	 * never pass for this store's.
	 */
	readonly sources: readonly string[];
	/** Of its current rows, those this store recorded itself: 0 when every one came from `sources`. */
	readonly native_rows: number;
	/** Mean over cases of the per-case mean headline (samples averaged within a case first). */
	readonly headline: number | null;
	/** 95 % bootstrap interval of `headline`, resampling cases; null with fewer than two cases. */
	readonly headline_interval: Interval | null;
	/** Share of graded cases whose mean headline reaches the case threshold. */
	readonly pass_rate: number | null;
	/** 95 % Wilson interval of `pass_rate`. */
	readonly pass_rate_interval: Interval | null;
	/** Cases whose mean headline reaches their threshold. */
	readonly passed_cases: number;
	/**
	 * Mean headline over the scored tasks this row graded: a task is scored when any current cell
	 * on it carries a graded 0..1 score (mutation, multi-site tests, checks: RunFact.graded_score),
	 * and a failed cell of a scored task counts as its 0; harness and grader errors are left out.
	 * Null when no task of the use case is scored, or this row graded none of them.
	 */
	readonly graded_mean: number | null;
	/** Scored tasks behind `graded_mean`; null when no task of the use case is scored. */
	readonly graded_n: number | null;
	/** Sum of the known costs of the current rows; null when no row's cost is known. */
	readonly cost_usd: number | null;
	/** Mean known cost of a case (all its samples); null when unknown. A lower bound when `unknown_cost` > 0. */
	readonly cost_per_case_usd: number | null;
	/**
	 * 95 % normal interval of `cost_per_case_usd` over the cases' known costs (mean ± 1.96·sd/√n,
	 * clipped at 0; a bootstrap per row would be too slow for large stores); a lower bound's
	 * interval when `unknown_cost` > 0. Null when fewer than two cases carry a known cost.
	 */
	readonly cost_per_case_interval: Interval | null;
	/** Current rows whose cost is unknown: when > 0, the costs are lower bounds. */
	readonly unknown_cost: number;
	/** Median latency of the graded rows, in milliseconds. */
	readonly p50_latency_ms: number | null;
	/**
	 * Distribution-free 95 % interval of `p50_latency_ms` from order statistics (binomial ranks);
	 * null when the graded rows are too few (fewer than six latencies).
	 */
	readonly p50_latency_interval: Interval | null;
	/** Median time to first token of the graded rows, in milliseconds. */
	readonly p50_ttft_ms: number | null;
	/** Sums of the known input and output tokens of the current rows. */
	readonly input_tokens: number | null;
	readonly output_tokens: number | null;
	/**
	 * Depth: `thorough` when every case of the spec was run (graded or not), else `limited`
	 * (shown with `*`). Errors do not make a row limited; how many cases were graded is `cases`.
	 */
	readonly precision: "limited" | "thorough";
	/** Mean jury confidence of the headline scores that carry one; null when none do. */
	readonly mean_confidence: number | null;
	/** Coverage: cases with at least one graded row, out of `spec_cases` (cases lost to errors are not). */
	readonly cases: number;
	/** Graded rows (samples) behind the headline. */
	readonly samples: number;
	/** Rows excluded from aggregates because the harness (not the model) failed. */
	readonly harness_errors: number;
	/** Rows excluded because the grader could not grade. */
	readonly grader_errors: number;
	/** Graded rows whose headline tripped a critical-failure gate. */
	readonly critical_failures: number;
	/**
	 * Current rows whose model or grader commands ran unisolated (the plain process backend, no
	 * bubblewrap): when > 0, this row's results were not produced in isolation from the host.
	 */
	readonly unisolated_rows: number;
	/**
	 * Whether a juror of this model's own model or family judged some of its current rows (see the
	 * README, self-preference): its headline may be flattered. `self_judged_rows` says how many.
	 */
	readonly self_judged: boolean;
	readonly self_judged_rows: number;
	/** Whether this is the use case's deployed incumbent. */
	readonly deployed: boolean;
	/** Whether this is a reference policy (baseline, gold): a floor or ceiling line, never a pick. */
	readonly reference: boolean;
	/** This model minus the deployed incumbent over shared cases; null for the incumbent itself or when it has no rows. */
	readonly delta_vs_deployed: PairedDelta | null;
	/** Task use cases: mean norms score over the scored passing cells (never part of the ordering); null when none. */
	readonly norms_mean: number | null;
	/** How many cells `norms_mean` is over (its coverage); 0 outside task use cases. */
	readonly norms_n: number;
	/**
	 * Whether models.yaml retires this model (`touchstone drop`): its rows stay, shown marked, and
	 * the decision never names it. Null when the reader was not told the registry (the store alone).
	 */
	readonly retired: boolean | null;
}

/** What one row needs besides its group: the use case's scored cases, norms, thresholds and incumbent. */
export interface RowContext {
	readonly scoredCases: ReadonlySet<string>;
	readonly norms: { readonly norms_mean: number | null; readonly norms_n: number };
	readonly reference: boolean;
	readonly thresholds: ReadonlyMap<string, number>;
	readonly specCases: number;
	readonly bootstrap: { readonly samples: number; readonly seed: number; readonly level: number };
	readonly deployed: FactGroup | undefined;
	readonly isDeployed: boolean;
	readonly retired: boolean | null;
}

/** One model × harness's row, from its group of current rows. */
export function leaderboardRow(group: FactGroup, context: RowContext): LeaderboardRow {
	const { caseMeans } = group;
	const means = Float64Array.from(caseMeans.values());
	let passed = 0;
	for (const [caseId, value] of caseMeans) if (value >= (context.thresholds.get(caseId) ?? 1)) passed += 1;
	const cost = group.known_costs === 0 ? null : group.cost_sum;
	const casesWithRows = group.caseCounts.size;
	// Sorted once (a typed array sorts fast) for both the median and its interval.
	const latencies = [...Float64Array.from(group.latencies).sort()];
	return {
		fidelity: "per_case",
		model_id: group.model_id,
		harness: group.harness,
		...rowOrigin(group.sources, group.rows),
		headline: mean([...means]),
		headline_interval: bootstrapMeanInterval(means, context.bootstrap).interval,
		pass_rate: caseMeans.size === 0 ? null : passed / caseMeans.size,
		pass_rate_interval: wilsonInterval(passed, caseMeans.size).interval,
		passed_cases: passed,
		...gradedMean(caseMeans, context.scoredCases),
		cost_usd: cost,
		cost_per_case_usd: cost === null || casesWithRows === 0 ? null : cost / casesWithRows,
		cost_per_case_interval:
			group.cases_with_known_cost < 2 ? null : normalMeanInterval(group.caseKnownCosts, 0).interval,
		unknown_cost: group.rows - group.known_costs,
		p50_latency_ms: percentile(latencies, 50),
		p50_latency_interval: medianOrderInterval(latencies, { sorted: true }).interval,
		p50_ttft_ms: percentile([...group.ttfts], 50),
		input_tokens: group.input_tokens,
		output_tokens: group.output_tokens,
		// Depth is what was run, coverage what was graded: a thorough run whose cells all failed is
		// a thorough row without a headline, not a limited one.
		precision: group.caseCounts.size === context.specCases ? "thorough" : "limited",
		mean_confidence: group.confidence_count === 0 ? null : group.confidence_sum / group.confidence_count,
		cases: caseMeans.size,
		samples: group.graded,
		harness_errors: group.harness_errors,
		grader_errors: group.grader_errors,
		critical_failures: group.critical_failures,
		unisolated_rows: group.unisolated,
		self_judged: group.jury.self_judged_rows > 0,
		self_judged_rows: group.jury.self_judged_rows,
		deployed: context.isDeployed,
		reference: context.reference,
		retired: context.retired,
		delta_vs_deployed:
			context.deployed === undefined || context.isDeployed
				? null
				: pairedDelta(group, context.deployed, context.bootstrap),
		...context.norms,
		...NO_TASK_COLUMNS,
	};
}

/** The mean headline over the scored cases a row graded, and how many; both null when no case is scored. */
function gradedMean(
	caseMeans: ReadonlyMap<string, number>,
	scored: ReadonlySet<string>,
): { graded_mean: number | null; graded_n: number | null } {
	if (scored.size === 0) return { graded_mean: null, graded_n: null };
	const values = [...scored].flatMap((caseId) => {
		const value = caseMeans.get(caseId);
		return value === undefined ? [] : [value];
	});
	return { graded_mean: mean(values), graded_n: values.length };
}
