import type { JsonObject, JsonValue, Score, TaskVerifier } from "../../contract/index.js";
import { diagnoseFailure } from "../../sandbox/index.js";

/* Reading a verifier's recorded verdict back, for offline validation: whether a failure is the
 * set-up's (a test file that did not load, a collection error, a missing module) rather than a
 * behavioural one, and which assertion failed. It reads what the verifiers keep in their
 * headline's extras (the tests verifier's run records and failures, the checks verifier's checks)
 * and never parses a report again. */

/** pytest's exit codes that mean it never ran the tests as asked (interrupted by collection errors, internal error, usage error). */
const PYTEST_SETUP_EXITS: Readonly<Record<number, string>> = {
	2: "interrupted (errors during collection)",
	3: "an internal error",
	4: "a usage error",
};

/**
 * A test "named" by its file's absolute path: how node:test and Vitest report a file that failed
 * outside any test (a test's own title, even one naming a file, is not an absolute path alone).
 */
const TEST_FILE_NAME = /^(?:\/|[A-Za-z]:[/\\])\S*\.(?:[cm]?[jt]sx?|py)$/;

/**
 * Why a verdict that did not pass is the set-up's failure rather than a verdict on the code: a
 * test file that failed to load (node:test and Vitest name the file as the failed test; pytest
 * reports a `collection failure`), pytest exiting 2, 3 or 4, or output naming a missing module or
 * an unreachable network. Null when the failure is behavioural, or when the attempt passed. Only
 * the runs the verifier itself records are read (the tests verifier's run, or each unfixed site's):
 * a graded kind's inner runs (a mutant's suite failing to import, say) are its verdict, not set-up.
 */
export function setupFailureOf(verifier: TaskVerifier, headline: Score, passed: boolean): string | null {
	const extras = headline.extras ?? {};
	const report = verifier.kind === "tests" ? verifier.args.report : null;
	const sites = record(extras.sites);
	if (verifier.kind === "tests" && sites !== null) {
		for (const [site, value] of Object.entries(sites)) {
			const run = record(value);
			if (run === null || run.fixed === true) continue;
			const problem = runSetupProblem(run, report);
			if (problem !== null) return `site ${site}: ${problem}`;
		}
		return null;
	}
	return passed ? null : runSetupProblem(extras, report);
}

/**
 * The failing behavioural assertion of a verdict, for a task author to read: the first failing
 * test's name and message (of the first unfixed site, in multi-site mode), else the checks that
 * did not pass, else the verifier's reasoning (a graded kind's account of its score).
 */
export function failingAssertionOf(headline: Score): string | null {
	const extras = headline.extras ?? {};
	const sites = record(extras.sites);
	if (sites !== null)
		for (const [site, value] of Object.entries(sites)) {
			const run = record(value);
			if (run === null || run.fixed === true) continue;
			const failure = firstFailure(run);
			if (failure !== null) return `site ${site}: ${failure}`;
		}
	const failure = firstFailure(extras);
	if (failure !== null) return failure;
	const checks = record(extras.checks);
	if (checks !== null) {
		const failing = Object.entries(checks).filter(([, value]) => value !== true && value !== 1);
		if (failing.length > 0)
			return `checks not passed: ${failing.map(([name, value]) => `${name}=${JSON.stringify(value)}`).join(", ")}`;
	}
	return headline.reasoning;
}

function runSetupProblem(run: JsonObject, report: string | null): string | null {
	const failures = Array.isArray(run.failures) ? run.failures.map(record) : [];
	const exit = typeof run.exit_code === "number" ? run.exit_code : null;
	const diagnosis = diagnoseFailure({ exit_code: exit, stdout: text(run.stdout_tail), stderr: text(run.stderr_tail) });
	// A missing module or network call is a set-up failure by itself; pytest's `E` line only explains one.
	const diagnosed = diagnosis !== null && diagnosis.cause !== "missing-program" ? diagnosis.evidence : null;
	const evidence = diagnosed ?? (report === "pytest" ? pytestErrorLine(text(run.stdout_tail)) : null);
	const unloaded = failures.find(
		(failure) =>
			failure !== null && (failure.message === "collection failure" || TEST_FILE_NAME.test(text(failure.name))),
	);
	if (unloaded != null)
		return `the test file ${text(unloaded.name)} failed to load${evidence === null ? (typeof unloaded.message === "string" ? ` (${unloaded.message})` : "") : `: ${evidence}`}`;
	if (report === "pytest" && exit !== null && PYTEST_SETUP_EXITS[exit] !== undefined)
		return `pytest exited ${exit}, ${PYTEST_SETUP_EXITS[exit]}${evidence === null ? "" : `: ${evidence}`}`;
	if (diagnosed !== null) return `the output shows ${diagnosed}`;
	return null;
}

/** pytest's last `E   …` line (the exception a collection error ended in), when its output has one. */
function pytestErrorLine(stdout: string): string | null {
	const lines = stdout.split("\n").filter((line) => /^E\s+\S/.test(line));
	return lines.at(-1)?.trim() ?? null;
}

function firstFailure(run: JsonObject): string | null {
	const first = Array.isArray(run.failures) ? record(run.failures[0]) : null;
	if (first === null) return null;
	return typeof first.message === "string" ? `${text(first.name)}: ${first.message}` : text(first.name);
}

function record(value: JsonValue | undefined): JsonObject | null {
	return value !== null && typeof value === "object" && !Array.isArray(value) ? value : null;
}

function text(value: JsonValue | undefined): string {
	return typeof value === "string" ? value : "";
}
