import type { TestReportFormat } from "../../../contract/index.js";
import { normalizeRequiredName } from "./parse-report.js";
import type { TestResult } from "./test-result.js";

/** How a required test fared: its outcome in the report, or `missing` when no test has its name. */
export type RequiredOutcome = "passed" | "failed" | "skipped" | "todo" | "missing";

/** One required test and what the report says of it. */
export interface RequiredTestResult {
	/** The name as the task wrote it. */
	readonly name: string;
	/** See {@link RequiredOutcome}. */
	readonly outcome: RequiredOutcome;
}

/**
 * Finds each required test in a report by any of its aliases (title or full name). A name that
 * matches several tests (the same title in two files) passes only when every one of them passed,
 * so a passing look-alike cannot cover for a failing gold test; a skipped or todo test never
 * passes; a test the report does not list is `missing`.
 */
export function requiredTestResults(
	tests: readonly TestResult[],
	required: readonly string[],
	format: TestReportFormat,
): RequiredTestResult[] {
	return required.map((name) => {
		const wanted = normalizeRequiredName(name, format);
		const matches = tests.filter((test) => test.aliases.includes(wanted) || test.aliases.includes(name));
		return { name, outcome: combined(matches) };
	});
}

/** Whether every required test passed. */
export function allRequiredPassed(results: readonly RequiredTestResult[]): boolean {
	return results.every((result) => result.outcome === "passed");
}

function combined(matches: readonly TestResult[]): RequiredOutcome {
	if (matches.length === 0) return "missing";
	for (const outcome of ["failed", "skipped", "todo"] as const)
		if (matches.some((test) => test.outcome === outcome)) return outcome;
	return "passed";
}
