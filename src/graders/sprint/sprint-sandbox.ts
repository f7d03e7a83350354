import type { JsonObject, Sandbox, SandboxBackend, SandboxExecResult } from "../../contract/index.js";
import { createSandbox } from "../../sandbox/index.js";
import { runTestCommand, type TestResult } from "../verifiers/index.js";
import { commandTimeoutSeconds, errorText, type Harnessed, type SprintScoringInput } from "./scoring-input.js";

/** Variables every CI and test command gets: plain output, no watch mode (as the task verifiers give theirs). */
const COMMAND_ENV: Readonly<Record<string, string>> = { CI: "1", NO_COLOR: "1", FORCE_COLOR: "0" };

/** What {@link inSandbox} returns: the work's value and the backend that ran it, or the harness problem. */
export type SandboxOutcome<T> =
	| { readonly ok: true; readonly value: T; readonly backend: SandboxBackend }
	| Extract<Harnessed<T>, { ok: false }>;

/**
 * Runs `work` in a fresh sandbox over a copy of `fixture` and disposes of it after. A sandbox
 * that cannot start, a test command whose program is missing or whose report cannot be read, or
 * any other failure of the harness is `ok: false` with its reason; an abort is rethrown. A result
 * says which backend ran it (`process` isolates nothing), for the layer's figures.
 */
export async function inSandbox<T>(
	input: SprintScoringInput,
	fixture: string,
	work: (sandbox: Sandbox) => Promise<T>,
): Promise<SandboxOutcome<T>> {
	let sandbox: Sandbox | undefined;
	try {
		sandbox = await createSandbox({
			fixture,
			backend: input.sandbox.backend,
			allowUnisolated: input.sandbox.allowUnisolated,
			timeoutMs: commandTimeoutSeconds(input.sprint) * 1000,
			// Caches a command writes to HOME stay out of the workdir (and out of the coverage folder).
			privateHome: true,
		});
		return { ok: true, value: await work(sandbox), backend: sandbox.provenance.backend };
	} catch (error) {
		if (input.signal.aborted) throw error;
		return { ok: false, reason: errorText(error) };
	} finally {
		await sandbox?.dispose();
	}
}

/** How one run of the sprint's test command ended, and the tests its report lists. */
export interface SprintTestRun {
	/**
	 * `report` (its report was read), `timeout`, `killed` (a signal or limit), `unstartable` (a
	 * workdir program that could not start) or `unreadable` (it ran and left no readable report).
	 * The last four are failures of the model's tests, never a harness error: the command is the
	 * registry's and CI ran it green at the baseline, so a report the model's tests break is theirs.
	 */
	readonly kind: "report" | "timeout" | "killed" | "unstartable" | "unreadable";
	/** Why the report could not be read, for `unreadable`; null otherwise. */
	readonly problem?: string;
	readonly exit_code: number | null;
	/** The tests (leaves only) the report lists; empty without a report. */
	readonly tests: readonly TestResult[];
	/** Full names of the tests that passed, and of those that failed, in report order. */
	readonly passed: readonly string[];
	readonly failed: readonly string[];
	/** Whether the run passed: exit 0, a report, at least one test passed and none failed. */
	readonly green: boolean;
}

/**
 * Runs the sprint's test command once in `sandbox` (or `options.argv`, the command wrapped for
 * coverage; with `options.env` over the usual variables) and reads its report. A report listing
 * no tests is a result (an empty corpus), not a harness problem.
 */
export async function runSprintTests(
	sandbox: Sandbox,
	input: SprintScoringInput,
	options: { readonly env?: Readonly<Record<string, string>>; readonly argv?: readonly string[] } = {},
): Promise<SprintTestRun> {
	const { commands } = input.sprint;
	const env = options.env ?? {};
	const run = await runTestCommand(
		sandbox,
		{
			report: commands.test_report,
			report_file: commands.test_report_file,
			env: { ...COMMAND_ENV, ...env },
			timeout_s: commandTimeoutSeconds(input.sprint),
			verifier: "sprint tests",
			empty_is_report: true,
			unreadable_is_result: true,
		},
		options.argv ?? commands.test,
		input.signal,
	);
	if (run.kind === "unreadable")
		return {
			kind: "unreadable",
			exit_code: null,
			tests: [],
			passed: [],
			failed: [],
			green: false,
			problem: run.problem,
		};
	const tests = run.kind === "report" ? run.tests.filter((test) => test.leaf) : [];
	const passed = tests.filter((test) => test.outcome === "passed").map((test) => test.full_name);
	const failed = tests.filter((test) => test.outcome === "failed").map((test) => test.full_name);
	const green = run.kind === "report" && run.exec.exit_code === 0 && failed.length === 0 && passed.length > 0;
	return { kind: run.kind, exit_code: run.exec.exit_code, tests, passed, failed, green };
}

/** Runs the sprint's CI command once in `sandbox`; green when it exits 0 within the bound. */
export async function runSprintCi(sandbox: Sandbox, input: SprintScoringInput): Promise<SandboxExecResult> {
	const exec = await sandbox.exec(
		{ argv: input.sprint.commands.ci, env: COMMAND_ENV, timeout_ms: commandTimeoutSeconds(input.sprint) * 1000 },
		{ signal: input.signal },
	);
	if (!exec.timed_out && exec.exit_code === 125)
		throw new Error(`the sandbox could not set its resource limits for the CI command: ${exec.stderr.trim()}`);
	return exec;
}

/** A run's figures: how it ended, its exit status and its test counts. */
export function runFigures(run: SprintTestRun): JsonObject {
	return {
		ended: run.kind,
		exit_code: run.exit_code,
		tests: run.tests.length,
		passed: run.passed.length,
		failed: run.failed.length,
	};
}

/** The last `lines` lines of a command's output, for evidence. */
export function outputTail(text: string, lines = 20): string {
	return text.trimEnd().split("\n").slice(-lines).join("\n");
}
