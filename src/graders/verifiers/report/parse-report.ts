import type { TestReportFormat } from "../../../contract/index.js";
import { parseJunit } from "./parse-junit.js";
import { parseTap } from "./parse-tap.js";
import { parseVitestJson } from "./parse-vitest-json.js";
import type { ParsedReport } from "./test-result.js";

/**
 * Parses a test report of one of the formats a `tests` verifier names: `node-test` (TAP from
 * `--test-reporter=tap`, or junit XML from `--test-reporter=junit`, told apart by content),
 * `vitest` (JSON from `--reporter=json`) or `pytest` (junit XML from `--junitxml`).
 */
export function parseTestReport(text: string, format: TestReportFormat): ParsedReport {
	switch (format) {
		case "node-test":
			return looksLikeJunit(text) ? parseJunit(text, "node-test") : parseTap(text);
		case "vitest":
			return parseVitestJson(text);
		case "pytest":
			return parseJunit(text, "pytest");
	}
}

/** How to make a command produce a report of each format, for error messages. */
export const REPORT_FLAGS: Readonly<Record<TestReportFormat, string>> = {
	"node-test":
		"run `node --test --test-reporter=tap` (stdout) or `--test-reporter=junit --test-reporter-destination=FILE`",
	vitest: "run `vitest run --reporter=json --outputFile=FILE` and set report_file to FILE",
	pytest: "run `python3 -m pytest --junitxml=FILE` and set report_file to FILE",
};

/**
 * A required test name as the report spells it: pytest node ids (`tests/test_x.py::TestX::test_y`)
 * become junit's dotted id (`tests.test_x.TestX.test_y`); other names are kept as written.
 */
export function normalizeRequiredName(name: string, format: TestReportFormat): string {
	if (format !== "pytest" || !name.includes("::")) return name;
	const [file = "", ...rest] = name.split("::");
	const module = file.replace(/\.py$/, "").split("/").filter(Boolean).join(".");
	return [module, ...rest].filter((part) => part !== "").join(".");
}

function looksLikeJunit(text: string): boolean {
	if (/^TAP version/m.test(text)) return false;
	return text.includes("<testsuites") || text.includes("<testsuite");
}
