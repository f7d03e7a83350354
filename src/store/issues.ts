import { BadInputError, type InputIssue } from "../contract/index.js";

/** One problem with a value handed to the store, named by its field. */
export function fieldIssue(source: string, path: string, message: string, fix: string | null): InputIssue {
	return { source, line: null, column: null, path, message, fix };
}

/** Throws a BadInputError listing `issues`, if there are any. */
export function refuseIssues(summary: string, issues: readonly InputIssue[]): void {
	if (issues.length > 0) throw new BadInputError(summary, issues);
}
