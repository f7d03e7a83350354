import type { JsonObject, TestsVerifierArgs } from "../../contract/index.js";
import { diagnoseFailure, diagnosisFix } from "../../sandbox/index.js";
import { allRequiredPassed, type RequiredTestResult, requiredTestResults } from "./report/required-tests.js";
import type { TestResult } from "./report/test-result.js";
import type { TestRun } from "./run-test-command.js";
import { gradedFailure, scoredVerdict, timedOut } from "./verifier-outcome.js";
import { outputTail, type VerifierVerdict } from "./verifier-score.js";

/** Names listed per outcome in extras, at most; the counts are always whole. */
const NAMES_KEPT = 200;

/**
 * The verdict of a single run: it passes only when the command exited 0 and every required test
 * ran and passed. A skipped, todo or missing required test fails, as does a timeout.
 */
export function singleRunVerdict(run: TestRun, args: TestsVerifierArgs, context: JsonObject): VerifierVerdict {
	const extras: JsonObject = { mode: "single", ...context, ...runExtras(run) };
	if (run.kind !== "report") return failedRun(run, args, extras);
	const required = requiredTestResults(run.tests, args.required_tests, args.report);
	extras.required = required.map((result) => ({ name: result.name, outcome: result.outcome }));
	const exitOk = run.exec.exit_code === 0;
	const passed = exitOk && allRequiredPassed(required);
	const problems = describeRequired(required);
	if (!exitOk) problems.push(`the command exited ${run.exec.exit_code}${failingTests(run.tests)}`);
	// A failure the output blames on the set-up (a missing module, a network call) says so: it may be the task's.
	const diagnosis = passed ? null : diagnoseFailure(run.exec);
	if (diagnosis !== null && diagnosis.cause !== "missing-program")
		problems.push(
			`the output shows ${diagnosis.evidence}; if the task's own tests need it, ${diagnosisFix(diagnosis, "sandboxed")}`,
		);
	if (!passed) return gradedFailure(problems.join("; "), extras);
	return scoredVerdict({
		value: 1,
		threshold: 1,
		label: "pass",
		binary: true,
		reasoning: `all ${required.length} required test${required.length === 1 ? "" : "s"} ran and passed, and the command exited 0`,
		extras,
	});
}

/** One site's run and whether it proved the site fixed. */
export interface SiteRun {
	readonly site: string;
	readonly targets: readonly string[];
	readonly run: TestRun;
}

/**
 * The verdict of multi-site mode: a site is fixed when its run exited 0 and its report shows at
 * least one test, all passed (a skipped or todo test does not prove anything); the value is the
 * fraction of sites fixed, and it passes at `pass_threshold`.
 */
export function sitesVerdict(sites: readonly SiteRun[], args: TestsVerifierArgs, context: JsonObject): VerifierVerdict {
	const perSite: JsonObject = {};
	const broken: string[] = [];
	let fixed = 0;
	for (const { site, targets, run } of sites) {
		const leaves = run.kind === "report" ? run.tests.filter((test) => test.leaf) : [];
		const ok = run.kind === "report" && run.exec.exit_code === 0 && leaves.every((test) => test.outcome === "passed");
		if (ok) fixed += 1;
		else broken.push(`${site} (${siteProblem(run, leaves)})`);
		perSite[site] = { fixed: ok, targets: [...targets], ...runExtras(run) };
	}
	const label = `${fixed}/${sites.length}`;
	return scoredVerdict({
		value: sites.length === 0 ? 0 : fixed / sites.length,
		threshold: args.pass_threshold,
		label,
		reasoning:
			`${label} sites fixed (pass threshold ${round(args.pass_threshold)})` +
			(broken.length === 0 ? "" : `; not fixed: ${broken.join("; ")}`),
		extras: { mode: "sites", ...context, sites_fixed: fixed, sites_total: sites.length, sites: perSite },
	});
}

function failedRun(run: TestRun, args: TestsVerifierArgs, extras: JsonObject): VerifierVerdict {
	if (run.kind === "timeout") return timedOut("the test command", args.timeout_s, extras);
	return gradedFailure(
		run.kind === "unstartable"
			? `the test command's program, a file of the workdir, could not start (exit ${run.exec.exit_code}): the attempt left it broken`
			: `the test command was killed (${run.exec.signal ?? `exit ${run.exec.exit_code}`}) before it wrote a report`,
		extras,
	);
}

function siteProblem(run: TestRun, leaves: readonly TestResult[]): string {
	if (run.kind === "timeout") return "timed out";
	if (run.kind === "killed") return `killed by ${run.exec.signal ?? `exit ${run.exec.exit_code}`}`;
	if (run.kind === "unstartable") return `its program could not start (exit ${run.exec.exit_code})`;
	const notPassed = leaves.filter((test) => test.outcome !== "passed");
	if (notPassed.length > 0)
		return notPassed
			.slice(0, 5)
			.map((test) => `${test.full_name} ${test.outcome}`)
			.join(", ");
	return `exit ${run.exec.exit_code}`;
}

function describeRequired(required: readonly RequiredTestResult[]): string[] {
	const problems: string[] = [];
	for (const outcome of ["failed", "skipped", "todo", "missing"] as const) {
		const names = required.filter((result) => result.outcome === outcome).map((result) => result.name);
		if (names.length === 0) continue;
		const what = outcome === "missing" ? "missing from the report" : outcome;
		problems.push(`required ${names.length === 1 ? "test" : "tests"} ${what}: ${names.join(", ")}`);
	}
	return problems;
}

function failingTests(tests: readonly TestResult[]): string {
	const failed = tests.filter((test) => test.leaf && test.outcome === "failed").map((test) => test.full_name);
	return failed.length === 0 ? "" : ` (failing: ${failed.slice(0, 5).join(", ")}${failed.length > 5 ? ", …" : ""})`;
}

/** Exit status, duration, per-outcome test names, failure messages and output tails of one run. */
function runExtras(run: TestRun): JsonObject {
	const extras: JsonObject = {
		exit_code: run.exec.exit_code,
		signal: run.exec.signal,
		timed_out: run.exec.timed_out,
		duration_ms: run.exec.duration_ms,
		output_truncated: run.exec.truncated,
		stdout_tail: outputTail(run.exec.stdout),
		stderr_tail: outputTail(run.exec.stderr),
	};
	if (run.kind !== "report") return extras;
	const leaves = run.tests.filter((test) => test.leaf);
	const names = (outcome: string) =>
		leaves
			.filter((test) => test.outcome === outcome)
			.map((test) => test.full_name)
			.slice(0, NAMES_KEPT);
	extras.counts = Object.fromEntries(
		(["passed", "failed", "skipped", "todo"] as const).map((outcome) => [
			outcome,
			leaves.filter((test) => test.outcome === outcome).length,
		]),
	);
	extras.passed = names("passed");
	extras.failed = names("failed");
	extras.skipped = [...names("skipped"), ...names("todo")].slice(0, NAMES_KEPT);
	extras.failures = leaves
		.filter((test) => test.outcome === "failed")
		.slice(0, 20)
		.map((test) => ({ name: test.full_name, message: test.message }));
	return extras;
}

function round(value: number): number {
	return Math.round(value * 1e4) / 1e4;
}
