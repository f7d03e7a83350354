import type { Grader, Telemetry } from "../contract/index.js";
import { assertOptions, metricProblems, type OptionProblem } from "./option-issues.js";
import { deterministicScore, passFail, unscorableReason, type Verdict } from "./text-grader.js";

/** Version of the max_cost_usd and max_latency_ms graders; it enters the grader and every score it writes. */
export const BUDGET_GRADER_VERSION = "1";

/** Options of {@link createMaxCostGrader}. */
export interface MaxCostOptions {
	/** Highest cost that passes, in USD; a positive finite number. */
	readonly max_cost_usd: number;
	/** Metric name; defaults to `max_cost_usd`. */
	readonly metric?: string;
}

/** Options of {@link createMaxLatencyGrader}. */
export interface MaxLatencyOptions {
	/** Highest wall time that passes, in milliseconds; a positive finite number. */
	readonly max_latency_ms: number;
	/** Metric name; defaults to `max_latency_ms`. */
	readonly metric?: string;
}

/** One telemetry figure bounded from above. */
interface Budget {
	readonly id: "max_cost_usd" | "max_latency_ms";
	readonly field: "cost_usd" | "latency_ms";
	readonly bound: number;
	readonly metric: string;
	readonly example: string;
	readonly unknown: string;
	readonly unit: string;
}

/**
 * Passes when the attempt's billed (or priced) cost is at most `max_cost_usd`. An unknown cost
 * fails with the reason: an unknown cost is not a free one.
 */
export function createMaxCostGrader(options: MaxCostOptions): Grader {
	return createBudgetGrader({
		id: "max_cost_usd",
		field: "cost_usd",
		bound: options.max_cost_usd,
		metric: options.metric ?? "max_cost_usd",
		example: "max_cost_usd: 0.001",
		unknown: "cost unknown: the provider reported none and the model has no price",
		unit: " USD",
	});
}

/**
 * Passes when the attempt's wall time is at most `max_latency_ms`. An unknown latency fails with
 * the reason, never counted as 0.
 */
export function createMaxLatencyGrader(options: MaxLatencyOptions): Grader {
	return createBudgetGrader({
		id: "max_latency_ms",
		field: "latency_ms",
		bound: options.max_latency_ms,
		metric: options.metric ?? "max_latency_ms",
		example: "max_latency_ms: 2000",
		unknown: "latency unknown: the attempt's wall time was not measured",
		unit: " ms",
	});
}

function createBudgetGrader(budget: Budget): Grader {
	const problems: OptionProblem[] = [...metricProblems(budget.metric)];
	if (!(Number.isFinite(budget.bound) && budget.bound > 0))
		problems.push({
			path: budget.id,
			message: `expected a positive finite number, found ${budget.bound}`,
			fix: `write a bound above 0, e.g. \`${budget.example}\``,
		});
	assertOptions(budget.id, problems);
	const grader = { id: budget.id, version: BUDGET_GRADER_VERSION };
	return {
		specificationVersion: "v1",
		...grader,
		config: { metric: budget.metric, [budget.id]: budget.bound },
		async grade(input) {
			// A harness error earns no credit whatever it cost; any other attempt is judged on its telemetry.
			const verdict =
				input.attempt.status === "harness_error"
					? passFail(false, unscorableReason(input.attempt) ?? "not graded: the harness failed")
					: judge(budget, input.attempt.telemetry);
			return [deterministicScore(grader, budget.metric, "boolean", verdict)];
		},
	};
}

function judge(budget: Budget, telemetry: Telemetry): Verdict {
	const figure = telemetry[budget.field];
	const extras = { [budget.field]: figure, [budget.id]: budget.bound };
	if (figure === null) return passFail(false, budget.unknown, extras);
	const passed = figure <= budget.bound;
	return passFail(
		passed,
		`${budget.field} ${figure}${budget.unit} ${passed ? "<=" : ">"} the bound ${budget.bound}${budget.unit}`,
		extras,
	);
}
