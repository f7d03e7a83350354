import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseJunit } from "./parse-junit.js";

const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url), "utf8");

describe("parseJunit, node:test dialect", () => {
	const parsed = parseJunit(sample("node-test.junit.xml"), "node-test");
	const tests = parsed.ok ? parsed.tests : [];

	it("reads every testcase and names nested ones by their suites", () => {
		expect(tests.map((test) => test.full_name)).toEqual([
			"adds two numbers",
			"fails on purpose",
			"skipped one",
			"todo one",
			"sum > handles negatives",
			"sum > inner > deep # with hash",
			"name with 'quotes' and \\ backslash",
			"b passes",
			"/tmp/vsamples/tests/c.test.js",
		]);
	});

	it("tells passed, failed, skipped and todo apart", () => {
		expect(tests.map((test) => test.outcome)).toEqual([
			"passed",
			"failed",
			"skipped",
			"todo",
			"passed",
			"passed",
			"passed",
			"passed",
			"failed",
		]);
		expect(tests[1]?.message).toBe("Expected values to be strictly equal:2 !== 3");
		expect(tests[0]?.duration_ms).toBeCloseTo(1.413);
	});
});

describe("parseJunit, pytest dialect", () => {
	it("names tests classname.name, as a normalized pytest node id reads", () => {
		const parsed = parseJunit(sample("pytest.junit.xml"), "pytest");
		expect(parsed.ok && parsed.tests.map((test) => [test.full_name, test.outcome])).toEqual([
			["tests.test_sum.test_adds", "passed"],
			["tests.test_sum.test_fails", "failed"],
			["tests.test_sum.test_skipped", "skipped"],
			["tests.test_sum.test_xfail", "skipped"],
			["tests.test_sum.test_param[1]", "passed"],
			["tests.test_sum.test_param[2]", "passed"],
			["tests.test_sum.TestGroup.test_in_class", "passed"],
			["tests.test_sum.test_error", "failed"],
		]);
	});

	it("reports a module that fails to import as a failed test, with the reason", () => {
		const parsed = parseJunit(sample("pytest-collect-error.junit.xml"), "pytest");
		expect(parsed.ok && parsed.tests).toEqual([
			expect.objectContaining({ full_name: "tests.test_broken", outcome: "failed", message: "collection failure" }),
		]);
	});

	it("cuts the XML out of other output on the same stream", () => {
		const xml = sample("pytest.junit.xml");
		const parsed = parseJunit(`.Fsx...E   [100%]\n${xml}\n1 failed, 4 passed in 0.1s\n`, "pytest");
		expect(parsed.ok && parsed.tests).toHaveLength(8);
	});
});

describe("parseJunit, bad input", () => {
	it("refuses text without a test suite, and malformed XML", () => {
		expect(parseJunit("collected 0 items", "pytest")).toMatchObject({ ok: false, problem: /not junit XML/ });
		expect(parseJunit('<testsuites><testcase name="a"></testsuites>', "pytest")).toMatchObject({
			ok: false,
			problem: /malformed/,
		});
	});

	it("reads an empty report as no tests", () => {
		expect(parseJunit('<?xml version="1.0"?><testsuites/>', "node-test")).toEqual({ ok: true, tests: [] });
	});
});
