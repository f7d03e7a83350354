import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseVitestJson } from "./parse-vitest-json.js";

/** Written by `vitest run --reporter=json` (Vitest 4.1); see samples/README.md. */
const SAMPLE = readFileSync(new URL("./samples/vitest-report.txt", import.meta.url), "utf8");

describe("parseVitestJson", () => {
	it("reads every test, named `suite > test`, with its outcome", () => {
		const parsed = parseVitestJson(SAMPLE);
		expect(parsed.ok && parsed.tests.map((test) => [test.full_name, test.outcome])).toEqual([
			["top passes", "passed"],
			["math > adds", "passed"],
			["math > fails", "failed"],
			["math > skipped", "skipped"],
			["math > later", "todo"],
			["math > nested > deep", "passed"],
			["/tmp/vsamples/vt/src/broken.test.js", "failed"],
		]);
	});

	it("accepts Vitest's own space-joined full name as an alias", () => {
		const parsed = parseVitestJson(SAMPLE);
		expect(parsed.ok && parsed.tests[5]?.aliases).toEqual(["deep", "math > nested > deep", "math nested deep"]);
	});

	it("keeps the first line of a failure, and the reason a file failed to load", () => {
		const parsed = parseVitestJson(SAMPLE);
		const tests = parsed.ok ? parsed.tests : [];
		expect(tests[2]?.message).toBe("AssertionError: expected 2 to be 3 // Object.is equality");
		expect(tests[6]?.message).toBe("Parse failure: Parse failed with 1 error:");
	});

	it("finds the report after other output on stdout, taking the last one", () => {
		const forged = JSON.stringify({ testResults: [] });
		const parsed = parseVitestJson(`${forged}\nsome console output\n${SAMPLE.trim()}\n`);
		expect(parsed.ok && parsed.tests).toHaveLength(7);
	});

	it("turns a file that failed outside its tests into a failed test", () => {
		const report = {
			testResults: [
				{
					name: "a.test.ts",
					status: "failed",
					message: "afterAll hook failed",
					assertionResults: [{ title: "t", ancestorTitles: [], status: "passed", failureMessages: [] }],
				},
			],
		};
		const parsed = parseVitestJson(JSON.stringify(report));
		expect(parsed.ok && parsed.tests.map((test) => test.outcome)).toEqual(["passed", "failed"]);
	});

	it("refuses output without a report", () => {
		expect(parseVitestJson("RUN v4.1.12\n ✓ a.test.ts (1 test)")).toMatchObject({ ok: false });
		expect(parseVitestJson('{"testResults": [{"assertionResults": [{"status": "passed"}]}]}')).toMatchObject({
			ok: false,
			problem: /no `title`/,
		});
	});
});
