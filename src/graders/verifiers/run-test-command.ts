import {
	type Sandbox,
	type SandboxExecResult,
	SandboxPathError,
	type TestsVerifierArgs,
} from "../../contract/index.js";
import { diagnoseFailure, diagnosisFix } from "../../sandbox/index.js";
import { clearPath } from "./place-file.js";
import { parseTestReport, REPORT_FLAGS } from "./report/parse-report.js";
import type { TestResult } from "./report/test-result.js";
import { VerifierHarnessError } from "./verifier-harness-error.js";
import { stderrBlock } from "./verifier-score.js";

/** Variables every test command gets, under the task's own: plain output, no watch mode. */
const TEST_ENV: Readonly<Record<string, string>> = { CI: "1", NO_COLOR: "1", FORCE_COLOR: "0" };

/**
 * How one run of the test command ended: `report` (its report was read), `timeout` (killed at
 * the limit), `killed` (a signal or resource limit ended it before it wrote a report) or
 * `unstartable` (its program is a file of the workdir, the model's, that could not start). The
 * last three are graded failures: a model's code that hangs, exhausts memory or breaks the
 * task's own script fails.
 */
export type TestRun =
	| { readonly kind: "report"; readonly exec: SandboxExecResult; readonly tests: readonly TestResult[] }
	| { readonly kind: "timeout" | "killed" | "unstartable"; readonly exec: SandboxExecResult }
	/** Only with `unreadable_is_result`: the command ran and left no readable report (`problem` says how). */
	| { readonly kind: "unreadable"; readonly exec: SandboxExecResult; readonly problem: string };

/** What {@link runTestCommand} needs of a verifier's settings. */
export interface TestCommandSettings extends Pick<TestsVerifierArgs, "report" | "report_file" | "env" | "timeout_s"> {
	/** The verifier's id, for harness errors; default `tests`. */
	readonly verifier?: string;
	/** Whether a readable report listing no tests is a result (the model's suite is empty) rather than a harness error; default false. */
	readonly empty_is_report?: boolean;
	/**
	 * Whether a report the command left unparsable, empty or missing is a result (`unreadable`: the
	 * suite under test broke its own report) rather than a harness error; default false. A sandbox
	 * or launch failure stays a harness error either way.
	 */
	readonly unreadable_is_result?: boolean;
}

/**
 * Runs the test command (`argv`) in the grading sandbox and reads its report, from stdout or from
 * `report_file` (removed first, so a stale report cannot stand in). A missing program (exit 126
 * or 127 with no report), a sandbox that could not set its limits (exit 125), or a report that is
 * unparsable or lists no tests is a {@link VerifierHarnessError}: the verdict would be touchstone's
 * or the task's failure, not the model's.
 */
export async function runTestCommand(
	sandbox: Sandbox,
	args: TestCommandSettings,
	argv: readonly string[],
	signal: AbortSignal,
): Promise<TestRun> {
	const verifier = args.verifier ?? "tests";
	if (args.report_file !== null) await clearPath(sandbox, args.report_file);
	const exec = await execTestCommand(sandbox, args, argv, signal);
	if (exec.timed_out) return { kind: "timeout", exec };
	const shown = argv.join(" ");
	const text = await reportText(sandbox, args, exec);
	const parsed = text === null ? null : parseTestReport(text, args.report);
	if (parsed?.ok === true && (args.empty_is_report === true || parsed.tests.some((test) => test.leaf)))
		return { kind: "report", exec, tests: parsed.tests };

	const diagnosis = diagnoseFailure(exec);
	const stderr = `; ${stderrBlock(exec.stderr)}`;
	const unstarted = startFailure(verifier, exec, argv);
	if (unstarted !== null) return unstarted;
	if (exec.exit_code === null || exec.exit_code > 128) return { kind: "killed", exec };
	const source = args.report_file === null ? "stdout" : args.report_file;
	const problem =
		text === null
			? `the command wrote no report file ${args.report_file}`
			: parsed?.ok === false
				? `its ${args.report} report (${source}) cannot be read: ${parsed.problem}${exec.truncated ? " (the output was cut at the sandbox's output limit)" : ""}`
				: `its ${args.report} report (${source}) lists no tests`;
	if (args.unreadable_is_result === true)
		return { kind: "unreadable", exec, problem: `\`${shown}\` exited ${exec.exit_code}, and ${problem}` };
	throw new VerifierHarnessError(
		verifier,
		`\`${shown}\` exited ${exec.exit_code}, and ${problem}${stderr}`,
		diagnosis !== null
			? diagnosisFix(diagnosis, "sandboxed")
			: `make the command write a ${args.report} report: ${REPORT_FLAGS[args.report]}; check that its tests (and each site's targets) exist`,
	);
}

/**
 * How one run of a suite read by its exit status alone ended: `exit` (it exited; 0 is a pass) or
 * one of the graded failures of {@link TestRun}. A missing program is a VerifierHarnessError, as there.
 */
export type ExitCodeRun =
	| { readonly kind: "exit"; readonly exec: SandboxExecResult }
	| { readonly kind: "timeout" | "killed" | "unstartable"; readonly exec: SandboxExecResult }
	/** Only with `unreadable_is_result`: the command ran and left no readable report (`problem` says how). */
	| { readonly kind: "unreadable"; readonly exec: SandboxExecResult; readonly problem: string };

/** Runs a test command whose verdict is its exit status (`report: exit-code`), with the same environment and bounds as {@link runTestCommand}. */
export async function runExitCodeCommand(
	sandbox: Sandbox,
	args: Omit<TestCommandSettings, "report" | "report_file">,
	argv: readonly string[],
	signal: AbortSignal,
): Promise<ExitCodeRun> {
	const exec = await execTestCommand(sandbox, args, argv, signal);
	if (exec.timed_out) return { kind: "timeout", exec };
	const unstarted = startFailure(args.verifier ?? "tests", exec, argv);
	if (unstarted !== null) return unstarted;
	if (exec.exit_code === null || exec.exit_code > 128) return { kind: "killed", exec };
	return { kind: "exit", exec };
}

/** Runs the command with the test environment and the timeout; a sandbox that could not set its limits (exit 125) is a harness error. */
async function execTestCommand(
	sandbox: Sandbox,
	args: Omit<TestCommandSettings, "report" | "report_file">,
	argv: readonly string[],
	signal: AbortSignal,
): Promise<SandboxExecResult> {
	const exec = await sandbox.exec(
		{ argv, env: { ...TEST_ENV, ...args.env }, timeout_ms: args.timeout_s * 1000 },
		{ signal },
	);
	if (!exec.timed_out && exec.exit_code === 125)
		throw new VerifierHarnessError(
			args.verifier ?? "tests",
			`the sandbox could not set its resource limits for \`${argv.join(" ")}\`: ${exec.stderr.trim()}`,
			"lower the sandbox limits, or run where they can be set",
		);
	return exec;
}

/**
 * Exit 126 or 127: a program of the workdir (`./run-tests.sh`, the model's to break: a FIFO, a
 * dangling link, no +x) is a graded failure; any other program is missing: a harness error.
 * Null for a command that started.
 */
function startFailure(
	verifier: string,
	exec: SandboxExecResult,
	argv: readonly string[],
): { readonly kind: "unstartable"; readonly exec: SandboxExecResult } | null {
	if (exec.exit_code !== 126 && exec.exit_code !== 127) return null;
	if (isWorkdirProgram(argv[0] ?? "")) return { kind: "unstartable", exec };
	const diagnosis = diagnoseFailure(exec);
	throw new VerifierHarnessError(
		verifier,
		`the test command \`${argv.join(" ")}\` could not start (exit ${exec.exit_code}: ${exec.exit_code === 127 ? "program not found" : "not executable"}); ${stderrBlock(exec.stderr)}`,
		diagnosis?.cause === "missing-program"
			? diagnosisFix(diagnosis, "sandboxed")
			: `install \`${argv[0]}\` where the sandbox can run it (under /usr, or in a folder the task's runtime mounts), or correct the task's command`,
	);
}

async function reportText(
	sandbox: Sandbox,
	args: TestCommandSettings,
	exec: SandboxExecResult,
): Promise<string | null> {
	if (args.report_file === null) return exec.stdout;
	try {
		return await sandbox.read(args.report_file);
	} catch (error) {
		if (error instanceof SandboxPathError) return null;
		throw error;
	}
}

/** Whether a command's program is named by a relative path (`./x`, `bin/x`): a file of the workdir. */
function isWorkdirProgram(program: string): boolean {
	return program.includes("/") && !program.startsWith("/");
}
