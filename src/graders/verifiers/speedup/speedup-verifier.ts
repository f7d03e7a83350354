import { randomBytes } from "node:crypto";
import {
	type Grader,
	type JsonObject,
	type PerformanceRecord,
	type SandboxExecResult,
	SandboxPathError,
	type SpeedupVerifier,
	sha256,
} from "../../../contract/index.js";
import { startVerifierSandbox, type TaskVerifierOptions } from "../grading-sandbox.js";
import { defineTaskVerifier, type GradingSession } from "../task-verifier.js";
import { VerifierHarnessError } from "../verifier-harness-error.js";
import { gradedFailure, scoredVerdict, timedOut } from "../verifier-outcome.js";
import { outputTail, stderrBlock, type VerifierVerdict } from "../verifier-score.js";
import { writeGradingFolder } from "./grading-folder.js";
import { readHelper, SPEEDUP_LANGUAGE_SUPPORT } from "./languages.js";
import { type PairedResult, parsePairedResult } from "./paired-result.js";
import { measuredRecord, type RecordSettings, untimedRecord } from "./performance-record.js";

/** Headline metric of the speedup verifier: the score of the bucket the median speedup clears. */
export const SPEEDUP_METRIC = "speedup";
/** Version of the speedup verifier; bumping it changes cell keys. */
export const SPEEDUP_VERIFIER_VERSION = "1";

/** Options of {@link createSpeedupVerifier}. */
export interface SpeedupVerifierOptions extends TaskVerifierOptions {
	/** The task's verifier block. */
	readonly verifier: SpeedupVerifier;
}

/**
 * The `speedup` verifier, protocol paired-v1. It reads the editable files from the grading copy
 * of what the model left, writes them with the frozen baseline, the harness and the trusted helper
 * into a fresh folder (never the workdir), and runs the helper there in a sandbox of its own with a
 * nonce on stdin. The helper's one authenticated result becomes the verdict: a correct candidate is
 * scored by the bucket its median speedup clears, a rejected, failing, mismatching or impure one is
 * a graded failure, a run past `timeout_s` a timeout; a broken baseline or harness, a missing
 * interpreter or a missing, ambiguous or malformed result is a VerifierHarnessError. The
 * PerformanceRecord is kept whole in the headline's `extras.performance`.
 */
export function createSpeedupVerifier(options: SpeedupVerifierOptions): Grader {
	const args = options.verifier.args;
	const support = SPEEDUP_LANGUAGE_SUPPORT[args.language];
	const helper = readHelper(support);
	const id = "speedup";
	const settings: RecordSettings = args;
	return defineTaskVerifier(
		{
			id,
			version: SPEEDUP_VERIFIER_VERSION,
			metric: SPEEDUP_METRIC,
			config: {
				kind: "speedup",
				protocol: args.protocol,
				language: args.language,
				interpreter: support.interpreter(args),
				editable: [...args.editable],
				allowed_imports: [...args.allowed_imports],
				pairs: args.pairs,
				seed: args.seed,
				fixture_version: args.fixture_version,
				timeout_s: args.timeout_s,
				buckets: args.buckets.map(([threshold, score]) => [threshold, score]),
				pass_threshold: args.pass_threshold,
				baseline: { path: args.baseline.path, sha256: sha256(args.baseline.source) },
				harness_sha256: sha256(args.harness),
				helper: { name: support.helperName, sha256: helper.sha256 },
			},
			grade: gradeAttempt,
		},
		options,
	);

	async function gradeAttempt(session: GradingSession): Promise<VerifierVerdict> {
		const context: JsonObject = { ...session.context, fixture_version: args.fixture_version };
		const failed = (reason: string, oracleCases: number | null = null) =>
			gradedFailure(reason, { ...context, performance: untimedRecord(settings, false, oracleCases) });
		const candidates = new Map<string, string>();
		for (const path of args.editable) {
			const text = await session.copy.sandbox.read(path).catch((error: unknown) => {
				if (error instanceof SandboxPathError) return null;
				throw error;
			});
			if (text === null) return failed(`the candidate file ${path} is missing or not a regular file in the workdir`);
			candidates.set(path, text);
		}
		const rejection = support.precheck?.(candidates, args) ?? null;
		// Recorded as the helper's own `rejected` result would be (status, detail), though nothing ran.
		if (rejection !== null)
			return gradedFailure(`rejected: ${rejection}`, {
				...context,
				status: "rejected",
				detail: rejection,
				performance: untimedRecord(settings, false, null),
			});
		const folder = await writeGradingFolder(args, support, helper.text, candidates);
		try {
			const sandbox = await startVerifierSandbox(id, { ...(session.options.sandbox ?? {}), fixture: folder.path });
			try {
				const nonce = randomBytes(16).toString("hex");
				const exec = await sandbox.exec(
					{ argv: support.argv(args, sandbox.commandWorkdir), stdin: `${nonce}\n`, timeout_ms: args.timeout_s * 1000 },
					{ signal: session.signal },
				);
				return verdictOf(exec, nonce, {
					...context,
					exit_code: exec.exit_code,
					duration_ms: exec.duration_ms,
					stderr_tail: outputTail(exec.stderr),
				});
			} finally {
				await sandbox.dispose();
			}
		} finally {
			await folder.remove();
		}
	}

	function verdictOf(exec: SandboxExecResult, nonce: string, extras: JsonObject): VerifierVerdict {
		if (exec.timed_out)
			return timedOut("the paired speedup run", args.timeout_s, {
				...extras,
				performance: untimedRecord(settings, null, null),
			});
		const parsed = parsePairedResult(exec.stdout, nonce, args.pairs);
		if (!parsed.ok || exec.exit_code !== 0) throw runFailed(exec, parsed.ok ? null : parsed.problem);
		const result = parsed.result;
		const withDetail = { ...extras, status: result.status, detail: result.detail };
		if (result.status === "ok") return scored(result, withDetail);
		if (result.status === "baseline_failed" || result.status === "harness_error")
			throw new VerifierHarnessError(
				id,
				`${result.status === "baseline_failed" ? "the frozen baseline failed" : "the harness failed"}: ${result.detail}`,
				result.status === "baseline_failed"
					? "fix the task: the baseline must pass every oracle case (and leave its inputs unchanged with require_pure_inputs)"
					: "fix the task's harness: it must call benchmark(...) once with valid oracle_cases and make_input",
			);
		return gradedFailure(`${result.status.replace("_", " ")}: ${result.detail}`, {
			...withDetail,
			performance: untimedRecord(settings, false, result.oracle_cases),
		});
	}

	function scored(result: Extract<PairedResult, { status: "ok" }>, extras: JsonObject): VerifierVerdict {
		const performance: PerformanceRecord = measuredRecord(settings, result);
		const medianText = `${(performance.median_ratio ?? 0).toFixed(3)}x`;
		const bucketText =
			performance.highest_bucket === null
				? `below the first bucket (${args.buckets[0]?.[0]}x)`
				: `clears the ${performance.highest_bucket}x bucket`;
		return scoredVerdict({
			value: performance.score,
			threshold: args.pass_threshold,
			label: `${medianText}, ${performance.highest_bucket === null ? "no bucket" : `${performance.highest_bucket}x bucket`}`,
			reasoning: `correct on ${result.oracle_cases ?? "?"} oracle cases and every pair; median speedup ${medianText} over ${args.pairs} pairs ${bucketText}: score ${Math.round(performance.score * 1e4) / 1e4} (pass threshold ${Math.round(args.pass_threshold * 1e4) / 1e4}; fixture ${args.fixture_version}, timing depends on the machine)`,
			extras: { ...extras, performance },
		});
	}

	function runFailed(exec: SandboxExecResult, problem: string | null): VerifierHarnessError {
		const interpreter = support.interpreter(args);
		const how = exec.exit_code === null ? `was killed by ${exec.signal}` : `exited ${exec.exit_code}`;
		if ((exec.exit_code === 126 || exec.exit_code === 127) && problem !== null)
			return new VerifierHarnessError(
				id,
				`the interpreter \`${interpreter}\` could not start (${how}); ${stderrBlock(exec.stderr)}`,
				`install \`${interpreter}\` where the sandbox can run it, or set the task's \`${args.language}\` interpreter`,
			);
		if (exec.exit_code === 125)
			return new VerifierHarnessError(
				id,
				`the sandbox could not set its limits; ${stderrBlock(exec.stderr)}`,
				"check the sandbox limits",
			);
		return new VerifierHarnessError(
			id,
			`the paired-v1 helper ${how} with ${problem ?? "a result but not cleanly"}; ${stderrBlock(exec.stderr)}`,
			"see the helper's stderr: a crash of the interpreter (memory, recursion) or a sandbox limit leaves no result",
		);
	}
}
