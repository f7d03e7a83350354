import { BadInputError, type InputIssue } from "../contract/index.js";

/** One problem with a grader's options: the option's path, what is wrong and how to fix it. */
export interface OptionProblem {
	/** Option path, e.g. `pattern` or `weights.label`. */
	readonly path: string;
	/** What is wrong: what was expected and what was found. */
	readonly message: string;
	/** How to fix it. */
	readonly fix: string;
}

/** Throws a BadInputError listing every problem with a grader's options; no-op when there are none. */
export function assertOptions(graderId: string, problems: readonly OptionProblem[]): void {
	if (problems.length === 0) return;
	const issues: InputIssue[] = problems.map((problem) => ({
		source: `${graderId} grader`,
		line: null,
		column: null,
		path: problem.path,
		message: problem.message,
		fix: problem.fix,
	}));
	throw new BadInputError(`The ${graderId} grader's options are invalid.`, issues);
}

/** Allowed metric names: lowercase letters, digits, `_` and `-`, starting with a letter. */
export const METRIC_PATTERN = /^[a-z][a-z0-9_-]*$/;

/** Problems with a metric name: lowercase letters, digits, `_` and `-`, starting with a letter. */
export function metricProblems(metric: string, path = "metric"): OptionProblem[] {
	if (METRIC_PATTERN.test(metric)) return [];
	return [
		{
			path,
			message: `metric name ${JSON.stringify(metric)} is not lowercase letters, digits, _ and -`,
			fix: "name the metric like `label` or `mentions_refund`",
		},
	];
}

/** A problem when a number is not finite or below zero. */
export function nonNegativeProblems(value: number | undefined, path: string): OptionProblem[] {
	if (value === undefined || (Number.isFinite(value) && value >= 0)) return [];
	return [{ path, message: `expected a number >= 0, found ${value}`, fix: "use 0 or a positive number" }];
}
