import { basename } from "node:path";
import type { ChecksVerifier, Grader, JsonObject, SandboxExecResult } from "../../contract/index.js";
import { diagnoseFailure, diagnosisFix } from "../../sandbox/index.js";
import { checksExecRequest } from "./checks-command.js";
import type { TaskVerifierOptions } from "./grading-sandbox.js";
import { hiddenFileDigest, readHiddenFile } from "./hidden-files.js";
import { parseChecksOutput } from "./parse-checks.js";
import { scoreChecks } from "./score-checks.js";
import { defineTaskVerifier } from "./task-verifier.js";
import { VerifierHarnessError } from "./verifier-harness-error.js";
import { assertChecksArgs } from "./verifier-options.js";
import { scoredVerdict, timedOut } from "./verifier-outcome.js";
import { outputTail, stderrBlock, type VerifierVerdict } from "./verifier-score.js";

/** Headline metric of the checks verifier: the weighted mean of its checks. */
export const CHECKS_METRIC = "checks";
/** Version of the checks verifier; bumping it changes cell keys. */
export const CHECKS_VERIFIER_VERSION = "1";

/** Options of {@link createChecksVerifier}. */
export interface ChecksVerifierOptions extends TaskVerifierOptions {
	/** The task's verifier block. */
	readonly verifier: ChecksVerifier;
}

/**
 * The `checks` verifier. In a fresh sandbox copy of the attempt's workdir, the task's hidden
 * script runs with the workdir as cwd and the model's final message in the file named by
 * `$RESPONSE_FILE` (outside the workdir, so it is what the model said, never a file it wrote; an
 * empty file when it said nothing). The script prints `{"checks": {name: bool | 0..1}}`; the
 * score `checks` is their weighted mean, 0 with `critical_failure` when a critical check fails,
 * and `passed` is reaching `pass_threshold`. A script that crashes or prints no valid checks
 * throws a VerifierHarnessError (code `verifier-harness`), never a 0; a timeout is a failure.
 */
export function createChecksVerifier(options: ChecksVerifierOptions): Grader {
	const { taskDir, verifier } = options;
	const args = verifier.args;
	assertChecksArgs(args);
	const grader = { id: "checks", version: CHECKS_VERIFIER_VERSION };
	return defineTaskVerifier(
		{
			...grader,
			metric: CHECKS_METRIC,
			config: {
				kind: "checks",
				script: args.script,
				script_sha256: hiddenFileDigest(taskDir, args.script),
				interpreter: [...args.interpreter],
				weights: { ...args.weights },
				critical: [...args.critical],
				pass_threshold: args.pass_threshold,
				env: { ...args.env },
				timeout_s: args.timeout_s,
			},
			async grade({ attempt, copy, context, signal }) {
				const script = (await readHiddenFile(grader.id, taskDir, args.script)).toString("utf8");
				const request = checksExecRequest({
					script,
					scriptName: basename(args.script),
					interpreter: args.interpreter,
					response: attempt.final ?? "",
					env: args.env,
					timeoutMs: args.timeout_s * 1000,
				});
				const exec = await copy.sandbox.exec(request, { signal });
				return checksVerdict(exec, {
					...context,
					exit_code: exec.exit_code,
					duration_ms: exec.duration_ms,
					timed_out: exec.timed_out,
					stdout_tail: outputTail(exec.stdout),
					stderr_tail: outputTail(exec.stderr),
					response_chars: (attempt.final ?? "").length,
				});
			},
		},
		options,
	);

	function checksVerdict(exec: SandboxExecResult, context: JsonObject): VerifierVerdict {
		if (exec.timed_out) return timedOut("the checks script", args.timeout_s, context);
		if (exec.exit_code !== 0) throw scriptFailed(exec);
		const parsed = parseChecksOutput(exec.stdout);
		if (!parsed.ok) throw harness(`${args.script} printed no valid checks: ${parsed.problem}`);
		const scored = scoreChecks(parsed.checks, args);
		if (!scored.ok) throw harness(`${args.script}: ${scored.problem}`);
		const critical = scored.critical_failed.length > 0;
		const failing = Object.entries(parsed.checks)
			.filter(([, value]) => value !== true && value !== 1)
			.map(([name, value]) => `${name}=${value}`);
		return scoredVerdict({
			value: scored.value,
			threshold: args.pass_threshold,
			label: critical ? "critical failure" : round(scored.value).toString(),
			reasoning: critical
				? `critical check${scored.critical_failed.length === 1 ? "" : "s"} failed: ${scored.critical_failed.join(", ")}; the score is 0 (weighted mean before the gate ${round(scored.weighted_mean)})`
				: `weighted mean of ${Object.keys(parsed.checks).length} checks ${round(scored.value)} (pass threshold ${args.pass_threshold})${failing.length === 0 ? ", all passed" : `; not fully passed: ${failing.join(", ")}`}`,
			critical: critical ? { critical_failed: [...scored.critical_failed], weighted_mean: scored.weighted_mean } : null,
			extras: {
				...context,
				checks: { ...parsed.checks },
				weights: Object.fromEntries(Object.keys(parsed.checks).map((name) => [name, args.weights[name] ?? 1])),
				weighted_mean: scored.weighted_mean,
				critical_failed: [...scored.critical_failed],
			},
		});
	}

	function scriptFailed(exec: SandboxExecResult): VerifierHarnessError {
		const stderr = stderrBlock(exec.stderr);
		const how = exec.exit_code === null ? `was killed by ${exec.signal}` : `exited ${exec.exit_code}`;
		const diagnosis = diagnoseFailure(exec);
		if (exec.exit_code === 126 || exec.exit_code === 127)
			return harness(
				`the checks script could not start (${how}); ${stderr}`,
				args.interpreter.length === 0
					? "give the task an `interpreter`, or a shebang line and the executable bit to the script"
					: diagnosis?.cause === "missing-program"
						? diagnosisFix(diagnosis, "sandboxed")
						: `install \`${args.interpreter[0]}\` where the sandbox can run it, or correct the task's interpreter`,
			);
		return harness(
			`the checks script ${args.script} ${how} instead of printing its checks; ${stderr}`,
			diagnosis !== null
				? diagnosisFix(diagnosis, "sandboxed")
				: "make the script catch its own errors and print every check (false for what it could not verify), then exit 0",
		);
	}

	function harness(
		message: string,
		fix = 'make the script print one line {"checks": {"name": true | false | 0..1}} and exit 0',
	) {
		return new VerifierHarnessError(grader.id, message, fix);
	}
}

function round(value: number): number {
	return Math.round(value * 1e4) / 1e4;
}
