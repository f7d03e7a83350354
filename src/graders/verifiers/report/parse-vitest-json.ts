import { aliasesOf, firstLine, type ParsedReport, type TestOutcome, type TestResult } from "./test-result.js";

const VITEST_OUTCOMES: Readonly<Record<string, TestOutcome>> = {
	passed: "passed",
	failed: "failed",
	skipped: "skipped",
	pending: "skipped",
	disabled: "skipped",
	todo: "todo",
};

/**
 * Reads Vitest's JSON report (`--reporter=json`, best with `--outputFile=FILE`): one test per
 * assertion result, named `suite > test` (and Vitest's own space-joined `fullName`). A test file
 * that failed outside any test (a syntax error, a failing hook) becomes one failed test named by
 * the file, so it can never pass for a clean run. When the JSON shares stdout with other output
 * before it, the report is read from the last line where a whole Vitest report starts.
 */
export function parseVitestJson(text: string): ParsedReport {
	const report = findReport(text);
	if (report === null)
		return { ok: false, problem: "no Vitest JSON report (an object with `testResults`) in the output" };
	const tests: TestResult[] = [];
	for (const file of report.testResults) {
		if (!isRecord(file)) return { ok: false, problem: "a `testResults` entry is not an object" };
		const assertions = Array.isArray(file.assertionResults) ? file.assertionResults : [];
		const fileTests: TestResult[] = [];
		for (const assertion of assertions) {
			const test = testOf(assertion);
			if (test === null) return { ok: false, problem: "an `assertionResults` entry has no `title` or `status`" };
			fileTests.push(test);
		}
		tests.push(...fileTests);
		if (file.status === "failed" && !fileTests.some((test) => test.outcome === "failed")) {
			const name = typeof file.name === "string" ? file.name : "(test file)";
			tests.push({
				name,
				full_name: name,
				aliases: [name],
				outcome: "failed",
				leaf: true,
				duration_ms: null,
				message: firstLine(typeof file.message === "string" ? file.message : null) ?? "the test file failed",
			});
		}
	}
	return { ok: true, tests };
}

function testOf(assertion: unknown): TestResult | null {
	if (!isRecord(assertion) || typeof assertion.title !== "string" || typeof assertion.status !== "string") return null;
	const ancestors = Array.isArray(assertion.ancestorTitles)
		? assertion.ancestorTitles.filter((title): title is string => typeof title === "string")
		: [];
	const fullName = [...ancestors, assertion.title].join(" > ");
	const vitestFullName = typeof assertion.fullName === "string" ? assertion.fullName : fullName;
	const failures = Array.isArray(assertion.failureMessages) ? assertion.failureMessages : [];
	const duration = assertion.duration;
	return {
		name: assertion.title,
		full_name: fullName,
		aliases: aliasesOf(assertion.title, fullName, vitestFullName),
		outcome: VITEST_OUTCOMES[assertion.status] ?? "failed",
		leaf: true,
		duration_ms: typeof duration === "number" && Number.isFinite(duration) ? duration : null,
		message: firstLine(typeof failures[0] === "string" ? failures[0] : null),
	};
}

interface VitestReport {
	readonly testResults: readonly unknown[];
}

function findReport(text: string): VitestReport | null {
	// From the last line that opens an object to the end, then earlier ones: the reporter writes last.
	const lines = text.split(/\r?\n/);
	for (let index = lines.length - 1; index >= 0; index--) {
		if (!(lines[index] as string).trimStart().startsWith("{")) continue;
		const report = parseReport(lines.slice(index).join("\n").trim()) ?? parseReport((lines[index] as string).trim());
		if (report !== null) return report;
	}
	return null;
}

function parseReport(text: string): VitestReport | null {
	try {
		const value: unknown = JSON.parse(text);
		return isRecord(value) && Array.isArray(value.testResults) ? { testResults: value.testResults } : null;
	} catch {
		return null;
	}
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
