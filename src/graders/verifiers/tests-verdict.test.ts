import { describe, expect, it } from "vitest";
import type { SandboxExecResult, TestsVerifierArgs } from "../../contract/index.js";
import type { TestOutcome, TestResult } from "./report/test-result.js";
import type { TestRun } from "./run-test-command.js";
import { singleRunVerdict, sitesVerdict } from "./tests-verdict.js";

const ARGS: TestsVerifierArgs = {
	command: ["node", "--test"],
	gold_files: [],
	report: "node-test",
	report_file: null,
	required_tests: ["sum > adds"],
	sites: null,
	pass_threshold: 1,
	reset: [],
	env: {},
	timeout_s: 10,
};

function exec(exit_code: number | null, overrides: Partial<SandboxExecResult> = {}): SandboxExecResult {
	return {
		exit_code,
		signal: null,
		stdout: "",
		stderr: "",
		truncated: false,
		timed_out: false,
		workdir_full: false,
		duration_ms: 5,
		...overrides,
	};
}

function test(full_name: string, outcome: TestOutcome): TestResult {
	const name = full_name.split(" > ").at(-1) ?? full_name;
	return { name, full_name, aliases: [name, full_name], outcome, leaf: true, duration_ms: 1, message: null };
}

const report = (exit: number, ...tests: TestResult[]): TestRun => ({ kind: "report", exec: exec(exit), tests });

describe("singleRunVerdict", () => {
	it("passes when the command exits 0 and every required test passed", () => {
		const verdict = singleRunVerdict(report(0, test("sum > adds", "passed")), ARGS, {});
		expect(verdict).toMatchObject({ value: 1, passed: true, value_label: "pass" });
		expect(verdict.reasoning).toBe("all 1 required test ran and passed, and the command exited 0");
	});

	it("fails a non-zero exit even when the required tests passed, naming what failed", () => {
		const verdict = singleRunVerdict(report(1, test("sum > adds", "passed"), test("other", "failed")), ARGS, {});
		expect(verdict).toMatchObject({ value: 0, passed: false });
		expect(verdict.reasoning).toBe("fail: the command exited 1 (failing: other)");
		expect(verdict.extras).toMatchObject({ counts: { passed: 1, failed: 1 }, failed: ["other"] });
	});

	it("fails a killed command, with the signal", () => {
		const killed: TestRun = { kind: "killed", exec: exec(null, { signal: "SIGKILL" }) };
		expect(singleRunVerdict(killed, ARGS, {}).reasoning).toBe(
			"fail: the test command was killed (SIGKILL) before it wrote a report",
		);
	});
});

describe("sitesVerdict", () => {
	const sites = (...runs: TestRun[]) =>
		runs.map((run, index) => ({ site: `s${index + 1}`, targets: [`t${index + 1}`], run }));

	it("scores the fraction fixed and passes only at the threshold", () => {
		const runs = sites(report(0, test("a", "passed")), report(0, test("b", "passed")), report(1, test("c", "failed")));
		expect(sitesVerdict(runs, { ...ARGS, pass_threshold: 1 }, {})).toMatchObject({ value: 2 / 3, passed: false });
		expect(sitesVerdict(runs, { ...ARGS, pass_threshold: 0.6666666666667 }, {})).toMatchObject({ passed: true });
	});

	it("does not count a site whose only tests were skipped, or whose run timed out", () => {
		const timedOut: TestRun = { kind: "timeout", exec: exec(null, { timed_out: true, signal: "SIGKILL" }) };
		const verdict = sitesVerdict(sites(report(0, test("a", "skipped")), timedOut), ARGS, {});
		expect(verdict).toMatchObject({ value: 0, value_label: "0/2" });
		expect(verdict.reasoning).toBe("0/2 sites fixed (pass threshold 1); not fixed: s1 (a skipped); s2 (timed out)");
	});
});
