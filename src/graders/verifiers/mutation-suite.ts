import type { JsonObject, MutationVerifierArgs, Sandbox } from "../../contract/index.js";
import { runExitCodeCommand, runTestCommand } from "./run-test-command.js";
import { outputTail } from "./verifier-score.js";

/** Failing test names kept per run in extras. */
const FAILING_KEPT = 10;

/** How one run of the model's suite ended: it passed, it failed (a test failed, a bad exit, killed), or it timed out. */
export interface SuiteRun {
	/** `passed`, `failed` or `timeout`. */
	readonly outcome: "passed" | "failed" | "timeout";
	/** Why, in a few words: `4 tests passed`, `exit 1 (failing: parses noon)`. */
	readonly why: string;
	/** Exit status, duration, test counts and failing tests, for extras. */
	readonly details: JsonObject;
}

/**
 * Runs the model's suite once in `sandbox` and says whether it passed: with a test report, it
 * passes when the command exits 0 and the report shows at least one test passed and none failed
 * (a suite with no tests proves nothing); with `exit-code`, when it exits 0 (no report to count
 * tests from). A killed or unstartable run fails. A missing program or an unreadable report
 * throws a VerifierHarnessError. `tails` keeps the output's tails in the details.
 */
export async function runSuite(
	sandbox: Sandbox,
	args: MutationVerifierArgs,
	signal: AbortSignal,
	tails = false,
): Promise<SuiteRun> {
	const settings = { ...args, verifier: "mutation", empty_is_report: true };
	const { report } = args;
	const run =
		report === "exit-code"
			? await runExitCodeCommand(sandbox, settings, args.command, signal)
			: await runTestCommand(sandbox, { ...settings, report }, args.command, signal);
	const { exec } = run;
	const details: JsonObject = {
		exit_code: exec.exit_code,
		signal: exec.signal,
		timed_out: exec.timed_out,
		duration_ms: exec.duration_ms,
		...(tails ? { stdout_tail: outputTail(exec.stdout), stderr_tail: outputTail(exec.stderr) } : {}),
	};
	if (run.kind !== "report") {
		if (run.kind === "timeout") return { outcome: "timeout", why: `timed out after ${args.timeout_s} s`, details };
		if (run.kind === "killed")
			return { outcome: "failed", why: `killed (${exec.signal ?? `exit ${exec.exit_code}`})`, details };
		if (run.kind === "unstartable")
			return { outcome: "failed", why: `its program could not start (exit ${exec.exit_code})`, details };
		return { outcome: exec.exit_code === 0 ? "passed" : "failed", why: `exit ${exec.exit_code}`, details };
	}
	const leaves = run.tests.filter((test) => test.leaf);
	const failing = leaves.filter((test) => test.outcome === "failed");
	const passed = leaves.filter((test) => test.outcome === "passed").length;
	details.tests = { passed, failed: failing.length, other: leaves.length - passed - failing.length };
	details.failing = failing.slice(0, FAILING_KEPT).map((test) => ({ name: test.full_name, message: test.message }));
	if (exec.exit_code === 0 && failing.length === 0 && passed > 0)
		return { outcome: "passed", why: `${passed} test${passed === 1 ? "" : "s"} passed`, details };
	const names = failing.slice(0, 5).map((test) => test.full_name);
	const why =
		failing.length > 0
			? `exit ${exec.exit_code}, failing: ${names.join(", ")}${failing.length > names.length ? ", …" : ""}`
			: passed === 0
				? `no test passed (the report lists ${leaves.length} test${leaves.length === 1 ? "" : "s"}, exit ${exec.exit_code})`
				: `exit ${exec.exit_code}`;
	return { outcome: "failed", why, details };
}

/**
 * Runs `work` over `items` with at most `limit` at a time, keeping the order of `items` in the
 * result. After a rejection no new item starts; the running ones finish, then the first
 * rejection is thrown (so nothing still runs while the caller disposes of its sandboxes).
 */
export async function inParallel<T, R>(
	items: readonly T[],
	limit: number,
	work: (item: T) => Promise<R>,
): Promise<R[]> {
	const results: R[] = new Array(items.length);
	let next = 0;
	let failure: { error: unknown } | null = null;
	const worker = async () => {
		while (failure === null && next < items.length) {
			const index = next++;
			try {
				results[index] = await work(items[index] as T);
			} catch (error) {
				failure ??= { error };
			}
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
	if (failure !== null) throw (failure as { error: unknown }).error;
	return results;
}
