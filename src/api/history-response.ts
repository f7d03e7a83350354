import { z } from "zod";
import {
	count,
	deploymentHistory,
	interval,
	modelHarness,
	nullableNumber,
	precision,
	timestamp,
} from "./schema-parts.js";

/* `GET history`: a use case's frozen versions, oldest first, each with the headline of every model
 * × harness as the leaderboard pinned to that version gives it. */

const historyRow = z.strictObject({
	...modelHarness,
	headline: nullableNumber.describe("The version's leaderboard headline: mean over cases of the per-case mean."),
	headline_interval: interval.nullable().describe("95 % bootstrap interval of the headline, resampling cases."),
	pass_rate: nullableNumber.describe("Share of graded cases whose mean headline reaches the case threshold."),
	pass_rate_interval: interval.nullable().describe("95 % Wilson interval of the pass rate."),
	cases: count.describe("Cases graded under this version, of the version's cases."),
	samples: count.describe("Graded rows behind the headline."),
	precision: precision.describe("thorough when every case of the version was run, else limited."),
	deployed: z.boolean().describe("Whether this was the version's deployed incumbent."),
	reference: z.boolean().describe("Whether this is a reference policy (baseline, gold): never a pick."),
});

const historyVersion = z.strictObject({
	benchmark_version: z.string().describe("The frozen version, `<use case>@<hash>`."),
	created_at: timestamp.describe("When the version was frozen."),
	current: z.boolean().describe("Whether this is the use case's current version."),
	headline_metric: z.string().describe("The version's headline metric."),
	band: z.number().describe("Good-enough band below the best headline."),
	cases: count.describe("Cases in the version's spec."),
	rows: z.array(historyRow).describe("The rows of the leaderboard pinned to this version, best first."),
	best: z
		.strictObject(modelHarness)
		.nullable()
		.describe("The model × harness the version's decision named best; null when it named none."),
});

/** `GET history`. */
export const historyResponse = z.strictObject({
	use_case_id: z.string().describe("The use case."),
	versions: z.array(historyVersion).describe("Every frozen version of the use case, oldest first."),
	deployments: deploymentHistory,
});
