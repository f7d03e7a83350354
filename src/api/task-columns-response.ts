import { z } from "zod";
import { count, nullableNumber } from "./schema-parts.js";

const estimate = z
	.strictObject({
		k: count.describe("k: the spec's samples per cell."),
		value: nullableNumber.describe("Mean over the tasks with at least k graded samples; null when none has."),
		n: count.describe("Tasks behind value."),
	})
	.nullable();

const lenses = z
	.strictObject({
		self_host: z
			.strictObject({
				hard_passes: count,
				hard_tasks: count,
				median_tokens: nullableNumber.describe("Median input + output tokens per graded attempt."),
				median_turns: nullableNumber.describe("Median model turns per graded attempt; null when none recorded."),
				tool_reliability: nullableNumber.describe("Share of tool calls that were well formed; null without calls."),
				tool_calls: count.describe("Tool calls behind tool_reliability."),
			})
			.describe("What carries over to your own hardware."),
		cloud: z
			.strictObject({
				median_wall_ms: nullableNumber.describe("Median wall time per graded attempt."),
				cost_usd: nullableNumber.describe("Known cost of the graded attempts; null when none is known."),
				solves: count.describe("Graded attempts that passed their task's threshold."),
				cost_per_solve_usd: nullableNumber.describe("cost_usd / solves; null with no solve or no known cost."),
				unknown_cost: count.describe("Graded attempts whose cost is unknown."),
				lower_bound: z
					.boolean()
					.describe("Whether cost_usd and cost_per_solve_usd are lower bounds (some costs unknown)."),
			})
			.describe("What renting the model costs in time and money."),
	})
	.nullable()
	.describe("Task use cases: the self-host and cloud lenses, over the graded attempts; null elsewhere.");

/** The gate model's and the lenses' fields of a leaderboard row: null outside task use cases. */
export const taskColumnsShape = {
	qualified: z
		.boolean()
		.nullable()
		.describe(
			"Task use cases: at most floor_miss_tolerance floor misses even counting every unmeasured floor task as one (true), more measured misses (false), or null when unmeasured tasks decide it; null elsewhere.",
		),
	floor_tasks: count.nullable().describe("Floor (easy, standard) tasks of the spec."),
	floor_misses: count.nullable().describe("Floor tasks graded with a mean headline below the threshold."),
	floor_unmeasured: count
		.nullable()
		.describe("Floor tasks without a graded attempt (harness errors): neither a pass nor a miss."),
	hard_tasks: count.nullable().describe("Hard (ceiling) tasks of the spec."),
	hard_passes: count.nullable().describe("Hard tasks whose mean headline reaches the threshold."),
	frontier_mean: nullableNumber.describe("Mean per-task score over the graded frontier tasks; null when none."),
	frontier_n: count.nullable().describe("Frontier tasks behind frontier_mean."),
	rank: count
		.nullable()
		.describe("Rank among the qualified non-reference rows (hard passes, frontier mean, cost); ties share it."),
	pass_at_k: estimate.describe("With samples > 1: unbiased pass@k averaged over tasks."),
	pass_hat_k: estimate.describe("With samples > 1: unbiased pass^k (all k pass) averaged over tasks."),
	lenses,
} as const;
