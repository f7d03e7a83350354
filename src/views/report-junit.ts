import type { LeaderboardRow } from "./leaderboard-row.js";
import type { ReportPage } from "./report-page.js";
import type { CaseResult } from "./report-results.js";

/** Characters XML 1.0 cannot hold at all, even escaped (most controls, lone surrogates, U+FFFE/U+FFFF). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML forbids are what is replaced
const NOT_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Text safe inside an XML attribute or element: the five special characters escaped, forbidden ones replaced by U+FFFD. */
function xmlText(text: string): string {
	return text
		.replace(NOT_XML, "\ufffd")
		.replace(/&/g, "&amp;")
		.replace(/</g, "&lt;")
		.replace(/>/g, "&gt;")
		.replace(/"/g, "&quot;")
		.replace(/'/g, "&apos;")
		.replace(/\n/g, "&#10;")
		.replace(/\r/g, "&#13;")
		.replace(/\t/g, "&#9;");
}

/**
 * JUnit XML for CI systems: one test suite per use case, one test case per model × harness ×
 * case (class `model (harness)`, name the case id): a `failure` when the case's graded mean falls
 * short of its threshold, an `error` when no sample was graded (harness or grader errors), skipped
 * when the model has no current row on it or is a reference policy or retired (a floor line and a
 * model no longer run are not failures of the build). Properties carry the score, the threshold,
 * the cost and the error counts. Deterministic: no clock, the page's order.
 */
export function reportJunit(page: ReportPage): string {
	const suites = page.use_cases.map((useCase) => {
		const rows = new Map(useCase.leaderboard.rows.map((row) => [`${row.model_id}\u0000${row.harness}`, row]));
		const cases = useCase.cases.map((result) =>
			testCase(result, rows.get(`${result.model_id}\u0000${result.harness}`)),
		);
		const count = (kind: string) => cases.filter((item) => item.kind === kind).length;
		return [
			`  <testsuite name="${xmlText(useCase.use_case_id)}" tests="${cases.length}" failures="${count("failure")}" errors="${count("error")}" skipped="${count("skipped")}">`,
			...cases.map((item) => item.xml),
			"  </testsuite>",
		];
	});
	const all = page.use_cases.flatMap((useCase) => useCase.cases).length;
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		`<testsuites name="touchstone" tests="${all}">`,
		...suites.flat(),
		"</testsuites>",
		"",
	].join("\n");
}

function testCase(result: CaseResult, row: LeaderboardRow | undefined): { kind: string; xml: string } {
	const properties = [
		["score", result.score === null ? "unknown" : String(result.score)],
		["threshold", String(result.threshold)],
		["samples", String(result.samples)],
		["cost_usd", result.cost_usd === null ? "unknown" : String(result.cost_usd)],
		["unknown_cost_rows", String(result.unknown_cost)],
		["harness_errors", String(result.harness_errors)],
		["grader_errors", String(result.grader_errors)],
		// Rows from elsewhere (an ingest, an import) say so: a CI failure there is not this machine's run.
		...(row === undefined || row.sources.length === 0 ? [] : [["sources", row.sources.join(", ")]]),
	].map(([name, value]) => `        <property name="${name}" value="${xmlText(value as string)}"/>`);
	const skip =
		result.outcome === "not-run"
			? "no current row on this case"
			: row?.reference === true
				? "reference policy: a floor or ceiling line, not a model"
				: row?.retired === true
					? "retired model: its results are kept, it is no longer run"
					: null;
	const kind =
		skip !== null
			? "skipped"
			: result.outcome === "failed"
				? "failure"
				: result.outcome === "error"
					? "error"
					: "passed";
	const detail =
		kind === "skipped"
			? `      <skipped message="${xmlText(skip as string)}"/>`
			: kind === "failure"
				? `      <failure message="${xmlText(`score ${result.score} below the threshold ${result.threshold} over ${result.samples} graded samples`)}" type="below-threshold"/>`
				: kind === "error"
					? `      <error message="${xmlText(`no sample graded: ${result.harness_errors} harness errors, ${result.grader_errors} grader errors`)}" type="ungraded"/>`
					: null;
	return {
		kind,
		xml: [
			`    <testcase classname="${xmlText(`${result.model_id} (${result.harness})`)}" name="${xmlText(result.case_id)}">`,
			"      <properties>",
			...properties,
			"      </properties>",
			...(detail === null ? [] : [detail]),
			"    </testcase>",
		].join("\n"),
	};
}
