import type { ChecksVerifierArgs, MutationVerifierArgs, TestsVerifierArgs } from "../../contract/index.js";
import { weightProblems } from "../composite.js";
import { assertOptions, type OptionProblem } from "../option-issues.js";

/**
 * Refuses verifier args a task loader should never have let through (they are validated there
 * too), so a verifier built by hand fails at once, naming the option, instead of mid-run.
 */
export function assertTestsArgs(args: TestsVerifierArgs): void {
	const problems = [...commonProblems(args), ...commandProblems(args.command)];
	if (args.sites === null && args.required_tests.length === 0)
		problems.push({
			path: "required_tests",
			message: "without `sites`, the tests verifier needs the tests that must run and pass",
			fix: "list the gold tests by the names the report gives them, or add `sites`",
		});
	if (args.sites !== null && Object.keys(args.sites).length === 0)
		problems.push({
			path: "sites",
			message: "`sites` is empty",
			fix: "map each site to its test targets, or use null",
		});
	assertOptions("tests", problems);
}

/** See {@link assertTestsArgs}; also every weight must be >= 0. */
export function assertChecksArgs(args: ChecksVerifierArgs): void {
	assertOptions("checks", [...commonProblems(args), ...weightProblems(args.weights)]);
}

/** See {@link assertTestsArgs}; also a non-empty command and at least one mutant. */
export function assertMutationArgs(args: MutationVerifierArgs): void {
	const problems = [...commonProblems(args), ...commandProblems(args.command)];
	if (args.mutants.length === 0)
		problems.push({ path: "mutants", message: "there are no mutants", fix: "list at least one {id, find, replace}" });
	assertOptions("mutation", problems);
}

function commandProblems(command: readonly string[]): OptionProblem[] {
	if (command.length > 0 && command[0] !== "") return [];
	return [
		{ path: "command", message: "the test command is empty", fix: "give the command as argv, e.g. [node, --test]" },
	];
}

function commonProblems(args: { readonly pass_threshold: number; readonly timeout_s: number }): OptionProblem[] {
	const problems: OptionProblem[] = [];
	if (!(args.pass_threshold > 0 && args.pass_threshold <= 1))
		problems.push({
			path: "pass_threshold",
			message: `expected a number in (0, 1], found ${args.pass_threshold}`,
			fix: "use the fraction that must be reached to pass, e.g. 1 or 0.5",
		});
	if (!(Number.isFinite(args.timeout_s) && args.timeout_s > 0))
		problems.push({
			path: "timeout_s",
			message: `expected a positive number of seconds, found ${args.timeout_s}`,
			fix: "give the most seconds the command may take, e.g. 300",
		});
	return problems;
}
