import { describe, expect, it } from "vitest";
import type { JsonObject, Score, TaskVerifier } from "../../contract/index.js";
import { failingAssertionOf, setupFailureOf } from "./verdict-reading.js";

function headline(extras: JsonObject, reasoning = "fail: something"): Score {
	return {
		metric: "tests",
		score_type: "absolute",
		value: 0,
		value_label: null,
		jury_votes: null,
		inter_judge_disagreement: null,
		confidence: null,
		critical_failure: false,
		gate_meta: null,
		reasoning,
		grader_version: "1",
		judge_panel_version: null,
		extras,
	};
}

const tests = (report: "node-test" | "pytest"): TaskVerifier =>
	({ kind: "tests", args: { report } }) as unknown as TaskVerifier;
const run = (failures: JsonObject[], exit_code = 1, stdout_tail = ""): JsonObject => ({
	exit_code,
	stdout_tail,
	stderr_tail: "",
	failures,
});

describe("setupFailureOf", () => {
	it("tells a test file that did not load from a test whose title names a file", () => {
		const unloaded = run([{ name: "/workspace/tests/sum.test.mjs", message: "test failed" }]);
		expect(setupFailureOf(tests("node-test"), headline(unloaded), false)).toBe(
			"the test file /workspace/tests/sum.test.mjs failed to load (test failed)",
		);
		const titled = run([{ name: "loads src/config.mjs", message: "Expected values to be strictly equal:" }]);
		expect(setupFailureOf(tests("node-test"), headline(titled), false)).toBeNull();
		expect(setupFailureOf(tests("node-test"), headline(unloaded), true)).toBeNull();
	});

	it("reads pytest's collection failures and exit codes, and a missing module in the output", () => {
		const collection = run([{ name: "tests.test_calc", message: "collection failure" }], 2);
		expect(setupFailureOf(tests("pytest"), headline(collection), false)).toBe(
			"the test file tests.test_calc failed to load (collection failure)",
		);
		const named = run(
			[{ name: "tests.test_calc", message: "collection failure" }],
			2,
			[
				"_ ERROR collecting tests/test_calc.py _",
				"E   ImportError: cannot import name 'add' from 'calc' (/workspace/calc.py)",
				"=== short test summary info ===",
			].join("\n"),
		);
		expect(setupFailureOf(tests("pytest"), headline(named), false)).toBe(
			"the test file tests.test_calc failed to load: E   ImportError: cannot import name 'add' from 'calc' (/workspace/calc.py)",
		);
		expect(setupFailureOf(tests("pytest"), headline(run([], 4)), false)).toBe("pytest exited 4, a usage error");
		// An assertion's own `E` line is a behavioural failure.
		const assertion = run([{ name: "tests.test_calc.test_adds", message: "assert -1 == 5" }], 1, "E   assert -1 == 5");
		expect(setupFailureOf(tests("pytest"), headline(assertion), false)).toBeNull();
		// Exit 2 of another runner is only a failure.
		expect(setupFailureOf(tests("node-test"), headline(run([], 2)), false)).toBeNull();
		const missing = run([], 1, "E   ModuleNotFoundError: No module named 'requests'");
		expect(setupFailureOf(tests("pytest"), headline(missing), false)).toBe(
			"the output shows E   ModuleNotFoundError: No module named 'requests'",
		);
	});

	it("reads each unfixed site of a multi-site verdict", () => {
		const sites = {
			a: { fixed: true, ...run([{ name: "/w/a.test.mjs", message: "test failed" }]) },
			b: { fixed: false, ...run([{ name: "/w/b.test.mjs", message: "test failed" }]) },
		};
		expect(setupFailureOf(tests("node-test"), headline({ sites }), true)).toBe(
			"site b: the test file /w/b.test.mjs failed to load (test failed)",
		);
	});
});

describe("failingAssertionOf", () => {
	it("names the first failing test, the first unfixed site's, the checks not passed, or the reasoning", () => {
		expect(
			failingAssertionOf(
				headline(
					run([
						{ name: "adds", message: "1 !== 2" },
						{ name: "b", message: "x" },
					]),
				),
			),
		).toBe("adds: 1 !== 2");
		const sites = {
			a: { fixed: true, ...run([]) },
			b: { fixed: false, ...run([{ name: "halves", message: "4 !== 2" }]) },
		};
		expect(failingAssertionOf(headline({ sites }))).toBe("site b: halves: 4 !== 2");
		expect(failingAssertionOf(headline({ checks: { kept: true, cited: false, tone: 0.5 } }))).toBe(
			"checks not passed: cited=false, tone=0.5",
		);
		expect(failingAssertionOf(headline({ caught: 2 }, "2/5 mutants caught"))).toBe("2/5 mutants caught");
	});
});
