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
	| { readonly kind: "timeout" | "killed" | "unstartable"; readonly exec: SandboxExecResult };

/**
 * Runs the test command (`argv`) in the grading sandbox and reads its report, from stdout or from
 * `report_file` (removed first, so a stale report cannot stand in). A missing program (exit 126
 * or 127 with no report), a sandbox that could not set its limits (exit 125), or a report that is
 * unparsable or lists no tests is a {@link VerifierHarnessError}: the verdict would be touchstone's
 * or the task's failure, not the model's.
 */
export async function runTestCommand(
	sandbox: Sandbox,
	args: TestsVerifierArgs,
	argv: readonly string[],
	signal: AbortSignal,
): Promise<TestRun> {
	if (args.report_file !== null) await clearPath(sandbox, args.report_file);
	const exec = await sandbox.exec(
		{ argv, env: { ...TEST_ENV, ...args.env }, timeout_ms: args.timeout_s * 1000 },
		{ signal },
	);
	if (exec.timed_out) return { kind: "timeout", exec };
	const shown = argv.join(" ");
	if (exec.exit_code === 125)
		throw new VerifierHarnessError(
			"tests",
			`the sandbox could not set its resource limits for \`${shown}\`: ${exec.stderr.trim()}`,
			"lower the sandbox limits, or run where they can be set",
		);
	const text = await reportText(sandbox, args, exec);
	const parsed = text === null ? null : parseTestReport(text, args.report);
	if (parsed?.ok === true && parsed.tests.some((test) => test.leaf))
		return { kind: "report", exec, tests: parsed.tests };

	const diagnosis = diagnoseFailure(exec);
	const stderr = `; ${stderrBlock(exec.stderr)}`;
	// `./run-tests.sh` lives in the workdir: the model's to break (a FIFO, a dangling link, no +x).
	if ((exec.exit_code === 126 || exec.exit_code === 127) && isWorkdirProgram(argv[0] ?? ""))
		return { kind: "unstartable", exec };
	if (exec.exit_code === 126 || exec.exit_code === 127)
		throw new VerifierHarnessError(
			"tests",
			`the test command \`${shown}\` could not start (exit ${exec.exit_code}: ${exec.exit_code === 127 ? "program not found" : "not executable"})${stderr}`,
			diagnosis?.cause === "missing-program"
				? diagnosisFix(diagnosis, "sandboxed")
				: `install \`${argv[0]}\` where the sandbox can run it (under /usr, or in a folder the task's runtime mounts), or correct the task's command`,
		);
	if (exec.exit_code === null || exec.exit_code > 128) return { kind: "killed", exec };
	const source = args.report_file === null ? "stdout" : args.report_file;
	const problem =
		text === null
			? `the command wrote no report file ${args.report_file}`
			: parsed?.ok === false
				? `its ${args.report} report (${source}) cannot be read: ${parsed.problem}${exec.truncated ? " (the output was cut at the sandbox's output limit)" : ""}`
				: `its ${args.report} report (${source}) lists no tests`;
	throw new VerifierHarnessError(
		"tests",
		`\`${shown}\` exited ${exec.exit_code}, and ${problem}${stderr}`,
		diagnosis !== null
			? diagnosisFix(diagnosis, "sandboxed")
			: `make the command write a ${args.report} report: ${REPORT_FLAGS[args.report]}; check that its tests (and each site's targets) exist`,
	);
}

async function reportText(sandbox: Sandbox, args: TestsVerifierArgs, exec: SandboxExecResult): Promise<string | null> {
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
