import { z } from "zod";
import { OWNER_RATING_LABELS } from "../store/index.js";
import { count, interval, nullableNumber, nullableString } from "./schema-parts.js";

const figure = z.strictObject({
	value: nullableNumber,
	reason: nullableString.describe("Why value is null."),
	n: count,
	interval: interval.nullable().describe("95 % percentile bootstrap interval; null below bootstrap_minimum_n."),
	interval_reason: nullableString,
});

const label = z.enum(OWNER_RATING_LABELS);

/** `GET calibration`. */
export const calibrationResponse = z.strictObject({
	use_case_id: z.string(),
	benchmark_version: z.string(),
	headline_metric: z.string(),
	n: count.describe("Owner-rated current runs with a jury headline."),
	definitions: z.strictObject({
		ship_at_least: z.number(),
		reject_at_most: z.number(),
		bootstrap_minimum_n: count,
		bootstrap_samples: count,
		bootstrap_seed: z.number(),
		level: z.number(),
	}),
	scope: z.strictObject({
		current_runs: count,
		unrated: count,
		rated_without_headline: count,
		rated_not_current: count,
	}),
	mean_absolute_delta: figure,
	agreement: figure,
	signed_bias: figure,
	rmse: figure,
	spearman: figure,
	lin_concordance: figure,
	cohen_kappa: figure,
	gate_catch_rate: figure,
	items: z.array(
		z.strictObject({
			run_id: z.string(),
			case_id: z.string(),
			model_id: z.string(),
			harness: z.string(),
			sample_index: count,
			owner: z.number(),
			owner_label: label.nullable(),
			owner_verdict: label,
			jury: z.number(),
			delta: z.number().describe("jury − owner."),
			threshold: z.number(),
			jury_pass: z.boolean(),
			critical_failure: z.boolean(),
		}),
	),
	jurors: z.strictObject({
		ids: z.array(z.string()),
		runs_with_votes: count,
		votes: count,
		failed_votes: count,
		unreadable_artifacts: count,
		fields: z.array(
			z.strictObject({
				field: z.string(),
				metric: z.enum(["interval", "nominal"]),
				alpha: figure.describe("Krippendorff's alpha."),
				values: count,
			}),
		),
		per_juror: z
			.array(
				z.strictObject({
					juror: z.string(),
					votes: count.describe("Runs this juror voted on, failed votes included."),
					failed_votes: count,
					nominal_n: count.describe(
						"Yes/no fields where this juror and another voted and the others' majority was not a tie.",
					),
					nominal_agreement: nullableNumber.describe("Share of those matching the other jurors' majority."),
					nominal_interval: interval.nullable().describe("95 % Wilson interval of nominal_agreement."),
					numeric_n: count.describe("Numeric fields where this juror and another voted."),
					numeric_mean_abs_difference: nullableNumber.describe(
						"Mean |this juror's value − the other jurors' mean|, in the fields' own units.",
					),
				}),
			)
			.describe("Each juror against the rest of the panel, by juror id: which juror it is that disagrees."),
	}),
});
