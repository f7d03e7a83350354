import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseTap } from "./parse-tap.js";
import type { TestResult } from "./test-result.js";

/** Written by `node --test --test-reporter=tap tests/` (Node 20) on samples/README.md's files. */
const SAMPLE = readFileSync(new URL("./samples/node-test.tap.txt", import.meta.url), "utf8");

function byName(tests: readonly TestResult[], fullName: string): TestResult | undefined {
	return tests.find((test) => test.full_name === fullName);
}

describe("parseTap", () => {
	const parsed = parseTap(SAMPLE);
	const tests = parsed.ok ? parsed.tests : [];

	it("reads every test point of node's TAP, nested suites included", () => {
		expect(parsed.ok).toBe(true);
		expect(tests.map((test) => test.full_name)).toEqual([
			"adds two numbers",
			"fails on purpose",
			"skipped one",
			"todo one",
			"sum",
			"sum > handles negatives",
			"sum > inner",
			"sum > inner > deep # with hash",
			"name with 'quotes' and \\ backslash",
			"b passes",
			"/tmp/vsamples/tests/c.test.js",
		]);
	});

	it("tells passed, failed, skipped and todo apart, with the failure's first line", () => {
		expect(byName(tests, "adds two numbers")).toMatchObject({ outcome: "passed", leaf: true });
		expect(byName(tests, "fails on purpose")).toMatchObject({
			outcome: "failed",
			message: "Expected values to be strictly equal:",
		});
		expect(byName(tests, "skipped one")?.outcome).toBe("skipped");
		expect(byName(tests, "todo one")?.outcome).toBe("todo");
	});

	it("marks suites as not tests, and names nested tests by their suites", () => {
		expect(byName(tests, "sum")?.leaf).toBe(false);
		expect(byName(tests, "sum > inner")?.leaf).toBe(false);
		expect(byName(tests, "sum > handles negatives")).toMatchObject({
			name: "handles negatives",
			aliases: ["handles negatives", "sum > handles negatives"],
			leaf: true,
		});
	});

	it("reports a test file that failed to load as a failed test", () => {
		expect(byName(tests, "/tmp/vsamples/tests/c.test.js")).toMatchObject({ outcome: "failed", message: "test failed" });
	});

	it("keeps durations", () => {
		expect(byName(tests, "adds two numbers")?.duration_ms).toBeCloseTo(1.165885);
	});

	it("refuses text that is not TAP, and reads a run without tests as empty", () => {
		expect(parseTap("✔ adds (1ms)\nℹ tests 1")).toMatchObject({ ok: false });
		expect(parseTap("TAP version 13\n1..0\n# tests 0\n")).toEqual({ ok: true, tests: [] });
	});

	it("ignores lines a test printed, which node prefixes with #", () => {
		const forged = "TAP version 13\n# ok 9 - forged\nok 1 - real\n  ---\n  duration_ms: 1\n  ...\n1..1\n";
		const result = parseTap(forged);
		expect(result.ok && result.tests.map((test) => test.name)).toEqual(["real"]);
	});

	it("reads a failing todo test as todo, as TAP means it", () => {
		const result = parseTap("TAP version 13\nnot ok 1 - later # TODO\n1..1\n");
		expect(result.ok && result.tests[0]?.outcome).toBe("todo");
	});
});
