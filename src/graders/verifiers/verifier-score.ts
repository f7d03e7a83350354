import type { Attempt, JsonObject, Sandbox, Score } from "../../contract/index.js";
import { describeSpecialFiles, outputTailLines, type SpecialFile } from "../../sandbox/index.js";

/** Metric every verifier adds beside its headline: whether the attempt passed (1) or not (0). */
export const PASSED_METRIC = "passed";

/** Characters of a command's stdout and of its stderr kept in a score's extras. */
export const OUTPUT_TAIL_CHARS = 4_000;

/** What a verifier concluded, before it becomes scores. */
export interface VerifierVerdict {
	/** The headline value, 0..1. */
	readonly value: number;
	/** Whether the attempt passed (value at or above the pass threshold, no critical failure). */
	readonly passed: boolean;
	/** A human reading of the value: `pass`, `fail`, `timeout`, `2/3`. */
	readonly value_label: string;
	/** Why, in a sentence a task author can act on. */
	readonly reasoning: string;
	/** Whether a critical check failed and zeroed the score. */
	readonly critical_failure: boolean;
	/** Which gate tripped, for a critical failure. */
	readonly gate_meta: JsonObject | null;
	/** Per-test or per-check details, exit code, duration, output tails. */
	readonly extras: JsonObject;
}

/**
 * The two scores of a verifier: the headline (`absolute`, 0..1) with every detail in its extras,
 * and `passed` (`boolean`).
 */
export function verifierScores(
	grader: { readonly id: string; readonly version: string },
	metric: string,
	verdict: VerifierVerdict,
): Score[] {
	const base = {
		jury_votes: null,
		inter_judge_disagreement: null,
		confidence: null,
		critical_failure: verdict.critical_failure,
		gate_meta: verdict.gate_meta,
		reasoning: verdict.reasoning,
		grader_version: `${grader.id}@${grader.version}`,
		judge_panel_version: null,
	};
	return [
		{
			...base,
			metric,
			score_type: "absolute",
			value: verdict.value,
			value_label: verdict.value_label,
			extras: verdict.extras,
		},
		{
			...base,
			metric: PASSED_METRIC,
			score_type: "boolean",
			value: verdict.passed ? 1 : 0,
			value_label: verdict.passed ? "pass" : "fail",
			extras: null,
		},
	];
}

/**
 * The verdict on an attempt the harness already failed: it earns nothing and the host leaves it
 * out of aggregates; no sandbox is started for it.
 */
export function notGradedVerdict(attempt: Attempt): VerifierVerdict {
	const detail = attempt.error === null ? "" : `: ${attempt.error}`;
	return {
		value: 0,
		passed: false,
		value_label: "fail",
		reasoning: `not graded: the harness failed${detail}; harness errors earn no credit and are left out of aggregates`,
		critical_failure: false,
		gate_meta: null,
		extras: { graded: false },
	};
}

/** The last {@link OUTPUT_TAIL_CHARS} characters of a command's output, marked when cut. */
export function outputTail(text: string): string {
	return text.length <= OUTPUT_TAIL_CHARS ? text : `…${text.slice(text.length - OUTPUT_TAIL_CHARS)}`;
}

/** How the grading sandbox ran, for extras: an unisolated verdict must say so. */
export function sandboxExtras(sandbox: Sandbox): JsonObject {
	return { backend: sandbox.provenance.backend, isolated: sandbox.provenance.isolated };
}

/** Whether `value` reaches `threshold`, compared at 12 decimals so a YAML 1/3 reaches 1/3. */
export function reaches(value: number, threshold: number): boolean {
	return Math.round(value * 1e12) >= Math.round(threshold * 1e12);
}

/**
 * The last lines of a failed command's stderr, indented under `its stderr ends:`, for a harness
 * error's message: one line is rarely enough to see why a command failed.
 */
export function stderrBlock(stderr: string): string {
	const tail = outputTailLines(stderr) || "(empty)";
	return `its stderr ends:\n${tail
		.split("\n")
		.map((line) => `    ${line}`)
		.join("\n")}`;
}

/**
 * The verdict with the model's special files (left out of the grading copy) named in its
 * reasoning and listed in its extras, so a score never hides that the workdir held them.
 */
export function withSpecialFiles(verdict: VerifierVerdict, files: readonly SpecialFile[]): VerifierVerdict {
	if (files.length === 0) return verdict;
	return {
		...verdict,
		reasoning: `${verdict.reasoning}; left out of the grading copy, as no copy can take them: ${describeSpecialFiles(files)}`,
		extras: { ...verdict.extras, special_files: files.map((file) => ({ path: file.path, kind: file.kind })) },
	};
}
