import { z } from "zod";
import {
	count,
	deploymentHistory,
	interval,
	modelHarness,
	nullableNumber,
	precision,
	rowOrigin,
	timestamp,
} from "./schema-parts.js";
import { taskColumnsShape } from "./task-columns-response.js";

const pairedDelta = z
	.strictObject({
		value: z.number().describe("Mean over shared cases of (this model − the other)."),
		interval: interval.nullable().describe("95 % paired bootstrap interval; null with fewer than two shared cases."),
		shared_cases: count,
	})
	.nullable();

const row = z.strictObject({
	fidelity: z.literal("per_case").describe("Made from per-case rows held in this store (its own or ingested)."),
	...modelHarness,
	...rowOrigin,
	headline: nullableNumber.describe("Mean over cases of the per-case mean headline."),
	headline_interval: interval.nullable().describe("95 % bootstrap interval of the headline, resampling cases."),
	pass_rate: nullableNumber.describe("Share of graded cases whose mean headline reaches the case threshold."),
	pass_rate_interval: interval.nullable().describe("95 % Wilson interval of the pass rate."),
	passed_cases: count,
	graded_mean: nullableNumber.describe(
		"Mean headline over the scored tasks this row graded (a task is scored when a current cell on it carries a graded 0..1 score; a failed cell counts 0); null when none.",
	),
	graded_n: count.nullable().describe("Scored tasks behind graded_mean; null when no task of the use case is scored."),
	cost_usd: nullableNumber.describe("Sum of the known costs; null when no cost is known."),
	cost_per_case_usd: nullableNumber.describe("Mean known cost of a case; a lower bound when unknown_cost > 0."),
	cost_per_case_interval: interval
		.nullable()
		.describe(
			"95 % normal interval of cost_per_case_usd over the cases' known costs (mean ± 1.96·sd/√n, clipped at 0); a lower bound's interval when unknown_cost > 0; null when fewer than two cases carry a known cost.",
		),
	unknown_cost: count.describe("Current rows whose cost is unknown."),
	p50_latency_ms: nullableNumber.describe("Median latency of the graded rows."),
	p50_latency_interval: interval
		.nullable()
		.describe(
			"Distribution-free 95 % interval of p50_latency_ms from order statistics (binomial ranks); null with fewer than six latencies.",
		),
	p50_ttft_ms: nullableNumber.describe("Median time to first token of the graded rows."),
	input_tokens: nullableNumber.describe("Sum of the known input tokens of the current rows."),
	output_tokens: nullableNumber.describe("Sum of the known output tokens of the current rows."),
	precision: precision.describe("thorough when every case of the spec has a graded row."),
	mean_confidence: nullableNumber.describe("Mean jury confidence of the headline scores that carry one."),
	cases: count.describe("Cases with at least one graded row, of spec_cases."),
	samples: count.describe("Graded rows behind the headline."),
	harness_errors: count.describe("Rows excluded because the harness, not the model, failed."),
	grader_errors: count.describe("Rows excluded because the grader could not grade."),
	critical_failures: count.describe("Graded rows whose headline tripped a critical-failure gate."),
	unisolated_rows: count.describe(
		"Current rows whose model or grader commands ran unisolated (plain process backend, no bubblewrap).",
	),
	self_judged: z
		.boolean()
		.describe("Whether a juror of this model's own model or family graded some of its current rows (self-preference)."),
	self_judged_rows: count.describe("Current rows a juror of this model's own model or family graded."),
	deployed: z.boolean().describe("Whether this is the use case's deployed incumbent."),
	reference: z.boolean().describe("Whether this is a reference policy (baseline, gold): never a pick."),
	retired: z
		.boolean()
		.nullable()
		.describe("Whether models.yaml retires this model (shown, never picked); null when the registry was not read."),
	delta_vs_deployed: pairedDelta.describe("This model minus the deployed incumbent, over shared cases."),
	norms_mean: nullableNumber.describe(
		"Task use cases: mean norms score (0..1) over the scored passing cells; never part of the ordering. Null when none.",
	),
	norms_n: count.describe("Cells behind norms_mean (its coverage); 0 outside task use cases."),
	...taskColumnsShape,
});

const aggregateRow = z.strictObject({
	fidelity: z.literal("aggregate").describe("Known only from another store's summary (a federated ingest)."),
	source: z.string().describe("The federated ingest it came from (`touchstone ingest --source`)."),
	...modelHarness,
	headline: nullableNumber.describe("The summary's headline."),
	headline_interval: interval.nullable().describe("The summary's interval of the headline."),
	pass_rate: nullableNumber.describe("The summary's pass rate."),
	cases: count.nullable().describe("Cases behind the summary's figures; null when it does not say."),
	samples: count.nullable().describe("Graded rows behind the summary's headline; null when it does not say."),
	cost_per_case_usd: nullableNumber.describe("The summary's mean cost of a case."),
	p50_latency_ms: nullableNumber.describe("The summary's median latency."),
	precision: precision.nullable().describe("The summarised row's depth; null when the summary does not say."),
	ingested_at: timestamp.describe("When this store took it in."),
});

const pick = z
	.strictObject({
		...modelHarness,
		headline: nullableNumber,
		cost_per_case_usd: nullableNumber,
		p50_latency_ms: nullableNumber,
		precision,
	})
	.nullable();

const decision = z.strictObject({
	band: z.number(),
	precision: precision.nullable().describe("Which rows the decision was made from; null when none has a headline."),
	incumbent: z.strictObject({ ...modelHarness, benchmarked: z.boolean() }).nullable(),
	best: pick,
	cheapest_good_enough: pick.describe("Cheapest row whose gap to the best is within the band with 95 % confidence."),
	fastest_good_enough: pick,
	point_estimate: z
		.strictObject({ cheapest_good_enough: pick, fastest_good_enough: pick })
		.describe("The same questions answered by point estimates alone."),
	differs: z.boolean().describe("Whether the point-estimate answer differs from the one with confidence."),
	candidates: z.array(
		z.strictObject({
			...modelHarness,
			gap: nullableNumber.describe("Mean over shared cases of (best − this)."),
			gap_upper: nullableNumber.describe("Upper bound of the gap's 95 % paired bootstrap interval."),
			shared_cases: count,
			good_enough: z.boolean().describe("gap_upper ≤ band."),
			good_enough_point: z.boolean().describe("gap ≤ band."),
		}),
	),
	notes: z.array(z.string()),
	projected_saving: z
		.strictObject({
			period: z.string().describe("The latest period of production traffic (volume snapshots), e.g. `2026-11`."),
			calls: count.nullable().describe("Calls in that period."),
			deployed: z.strictObject(modelHarness),
			candidate: z.strictObject(modelHarness).nullable().describe("The cheapest good-enough model; null when none."),
			per_call_usd: nullableNumber.describe(
				"Mean over shared cases of (deployed − candidate) cost of one attempt, in USD; null when unknown.",
			),
			shared_cases: count,
			saving_usd: nullableNumber.describe("calls × per_call_usd: the saving per period; null when unknown, never 0."),
			saving_interval: interval
				.nullable()
				.describe("The per-call difference's 95 % paired bootstrap interval × calls; null with < 2 shared cases."),
			reason: z.string().nullable().describe("Why saving_usd is unknown; null when known."),
		})
		.nullable()
		.describe("What the cheapest good enough would save per period; null without a deployed model or volume snapshot."),
});

const gradingCost = z
	.strictObject({
		cost_usd: nullableNumber.describe(
			"Sum of the known juror costs over the current rows, in USD; null when none is known; a lower bound when unpriced_votes > 0.",
		),
		votes: count.describe("Juror votes asked for over the current rows."),
		unpriced_votes: count.describe("Votes whose cost is unknown (an unpriced juror, a failed call)."),
		rows: count.describe("Current rows graded by a jury."),
		unrecorded_rows: count.describe("Of those, rows stored before juror costs were recorded (not counted)."),
		failed_rows: count.describe(
			"Of those, rows whose jury missed its quorum (a grader error, no score); the votes they paid for are counted.",
		),
		candidates_cost_usd: nullableNumber.describe("The candidates' known cost over the same current rows."),
		candidates_unknown_cost: count.describe("Current rows whose candidate cost is unknown."),
	})
	.nullable()
	.describe("What the jury's grading of the current rows cost, beside the candidates' cost; null without jury rows.");

/** `GET leaderboard`. */
export const leaderboardResponse = z.strictObject({
	use_case_id: z.string(),
	benchmark_version: z.string(),
	headline_metric: z.string(),
	band: z.number().describe("Good-enough band below the best headline."),
	spec_cases: count,
	floor_miss_tolerance: count
		.nullable()
		.describe("Task use cases: floor tasks a model may miss and stay qualified; null elsewhere."),
	rows: z.array(row).describe("Best headline first; on a task use case, the gate model's ranked rows first."),
	aggregate_rows: z
		.array(aggregateRow)
		.describe(
			"Models known here only from another store's summary, where no row of `rows` is of the same model × harness: shown, never part of the decision (no per-case rows to pair with the best). Best headline first.",
		),
	decision,
	grading_cost: gradingCost,
	stale_rows: count.describe("Rows of older definitions, left out."),
	superseded_rows: count.describe("Older rows of re-run cells, replaced by later ones."),
	bootstrap: z.strictObject({ samples: count, seed: z.number(), level: z.number() }),
	deployments: deploymentHistory,
});
