import { describe, expect, it } from "vitest";
import { normalizeRequiredName } from "./parse-report.js";
import { allRequiredPassed, requiredTestResults } from "./required-tests.js";
import type { TestOutcome, TestResult } from "./test-result.js";

function test(fullName: string, outcome: TestOutcome): TestResult {
	const name = fullName.split(" > ").at(-1) ?? fullName;
	return {
		name,
		full_name: fullName,
		aliases: [name, fullName],
		outcome,
		leaf: true,
		duration_ms: null,
		message: null,
	};
}

describe("requiredTestResults", () => {
	const report = [
		test("sum > adds", "passed"),
		test("sum > negatives", "failed"),
		test("sum > later", "skipped"),
		test("sum > someday", "todo"),
		test("a > twin", "failed"),
		test("b > twin", "passed"),
	];

	it("finds tests by title or full name and reports each outcome", () => {
		const results = requiredTestResults(report, ["sum > adds", "negatives", "later", "someday", "gone"], "node-test");
		expect(results.map((result) => result.outcome)).toEqual(["passed", "failed", "skipped", "todo", "missing"]);
		expect(allRequiredPassed(results)).toBe(false);
		expect(allRequiredPassed(results.slice(0, 1))).toBe(true);
	});

	it("fails a name shared by a failing and a passing test: a look-alike cannot cover for the gold test", () => {
		expect(requiredTestResults(report, ["twin"], "vitest")).toEqual([{ name: "twin", outcome: "failed" }]);
	});

	it("matches pytest node ids against junit's dotted ids", () => {
		const pytest = [test("tests.test_sum.TestSum.test_add[1]", "passed")];
		expect(requiredTestResults(pytest, ["tests/test_sum.py::TestSum::test_add[1]"], "pytest")).toEqual([
			{ name: "tests/test_sum.py::TestSum::test_add[1]", outcome: "passed" },
		]);
	});
});

describe("normalizeRequiredName", () => {
	it("turns pytest node ids into dotted ids and leaves other names alone", () => {
		expect(normalizeRequiredName("tests/unit/test_x.py::test_y", "pytest")).toBe("tests.unit.test_x.test_y");
		expect(normalizeRequiredName("test_y", "pytest")).toBe("test_y");
		expect(normalizeRequiredName("a::b", "node-test")).toBe("a::b");
	});
});
