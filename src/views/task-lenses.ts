import { percentile } from "./percentile.js";
import type { AttemptEffort, TaskFactGroup } from "./task-facts.js";

/**
 * What carries over to your own hardware: how often it passes hard tasks and how much effort an
 * attempt takes, independent of who serves the model.
 */
export interface SelfHostLens {
	/** Hard (ceiling) tasks passed, of the spec's hard tasks. */
	readonly hard_passes: number;
	readonly hard_tasks: number;
	/** Median input + output tokens per graded attempt; null when no attempt's tokens are known. */
	readonly median_tokens: number | null;
	/** Median model turns per graded attempt; null when none recorded turns (single-shot). */
	readonly median_turns: number | null;
	/** Share of the tool calls that were well formed (arguments that parse and fit a tool that exists); null without tool calls. */
	readonly tool_reliability: number | null;
	/** Tool calls behind `tool_reliability`. */
	readonly tool_calls: number;
}

/** What renting the model costs in time and money (a typical cloud request, not local throughput). */
export interface CloudLens {
	/** Median wall time of a graded attempt, in milliseconds; null when unknown. */
	readonly median_wall_ms: number | null;
	/** Sum of the known costs of the graded attempts, in USD; null when none is known. */
	readonly cost_usd: number | null;
	/** Graded attempts that passed their task's threshold: the solves. */
	readonly solves: number;
	/** `cost_usd / solves`; null with no solve or no known cost. */
	readonly cost_per_solve_usd: number | null;
	/** Graded attempts whose cost is unknown: when > 0, `cost_usd` and `cost_per_solve_usd` are lower bounds. */
	readonly unknown_cost: number;
	readonly lower_bound: boolean;
}

/** The two lenses on one task use case row. Both read the graded attempts only: harness errors are excluded. */
export interface TaskLenses {
	readonly self_host: SelfHostLens;
	readonly cloud: CloudLens;
}

/** The self-host and cloud lenses of one model × harness, from its graded attempts and its hard passes. */
export function taskLenses(group: TaskFactGroup, hard: { passes: number; tasks: number }): TaskLenses {
	const { attempts } = group;
	const known = (pick: (attempt: AttemptEffort) => number | null) =>
		attempts.flatMap((attempt) => {
			const value = pick(attempt);
			return value === null ? [] : [value];
		});
	let calls = 0;
	let malformed = 0;
	for (const attempt of attempts) {
		calls += attempt.tool_calls ?? 0;
		malformed += attempt.malformed_tool_calls ?? 0;
	}
	const costs = known((attempt) => attempt.cost_usd);
	const cost = costs.length === 0 ? null : costs.reduce((a, b) => a + b, 0);
	const solves = attempts.filter((attempt) => attempt.passed).length;
	const unknown = attempts.length - costs.length;
	return {
		self_host: {
			hard_passes: hard.passes,
			hard_tasks: hard.tasks,
			median_tokens: percentile(
				known((attempt) => attempt.tokens),
				50,
			),
			median_turns: percentile(
				known((attempt) => attempt.turns),
				50,
			),
			tool_reliability: calls === 0 ? null : (calls - malformed) / calls,
			tool_calls: calls,
		},
		cloud: {
			median_wall_ms: percentile(
				known((attempt) => attempt.wall_ms),
				50,
			),
			cost_usd: cost,
			solves,
			cost_per_solve_usd: cost === null || solves === 0 ? null : cost / solves,
			unknown_cost: unknown,
			lower_bound: unknown > 0 && cost !== null,
		},
	};
}
