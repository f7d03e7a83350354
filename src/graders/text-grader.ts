import type { Attempt, GradeInput, Grader, JsonObject, Score } from "../contract/index.js";

/** Version of every grader in this folder; bumping it changes cell keys. */
export const GRADER_VERSION = "1";

/** What one check concluded about one output. */
export interface Verdict {
	/** 0..1 for `absolute`, 0 or 1 for `boolean`. */
	readonly value: number;
	/** A human reading of the value, e.g. `pass` or `2/3`. */
	readonly value_label: string;
	/** Why, in a sentence a case author can act on. */
	readonly reasoning: string;
	/** Typed details kept with the score (found values, the parsed number). */
	readonly extras: JsonObject | null;
}

/** How a grader built on {@link createTextGrader} checks one output. */
export interface TextCheck {
	/** Grader id, e.g. `exact`. */
	readonly id: string;
	/** The grader's own version, for a kind versioned apart from this folder's; defaults to {@link GRADER_VERSION}. */
	readonly version?: string;
	/** Metric the score is stored under. */
	readonly metric: string;
	/** `boolean` for pass/fail checks, `absolute` for fractions. */
	readonly score_type: "absolute" | "boolean";
	/** The normalized options; they enter every cell key. */
	readonly config: JsonObject;
	/**
	 * Judges the output text. Must not throw for any text, except when the check itself cannot
	 * finish (an author's regex past its time bound): then the host records a grader error.
	 */
	check(text: string, input: GradeInput, options: { signal: AbortSignal }): Verdict | Promise<Verdict>;
}

/**
 * Wraps a check of the output text into a Grader. An attempt that is a harness error, or that has
 * no final output, scores 0 with the reason, so the check itself only ever sees text.
 */
export function createTextGrader(check: TextCheck): Grader {
	return {
		specificationVersion: "v1",
		id: check.id,
		version: check.version ?? GRADER_VERSION,
		config: check.config,
		async grade(input, options) {
			const unscorable = unscorableReason(input.attempt);
			const verdict: Verdict =
				unscorable === null
					? await check.check(input.attempt.final ?? "", input, options)
					: { value: 0, value_label: "fail", reasoning: unscorable, extras: null };
			return [toScore(check, verdict)];
		},
	};
}

/** Why an attempt cannot be graded on its output, or null when it can. */
export function unscorableReason(attempt: Attempt): string | null {
	const detail = attempt.error === null ? "" : `: ${attempt.error}`;
	if (attempt.status === "harness_error")
		return `not graded: the harness failed${detail}; harness errors earn no credit and are left out of aggregates`;
	if (attempt.final === null) return `no output to grade (the attempt ended as ${attempt.status}${detail})`;
	return null;
}

/** Builds a deterministic score: no judge, no gate. */
export function deterministicScore(
	grader: { readonly id: string; readonly version?: string },
	metric: string,
	score_type: "absolute" | "boolean",
	verdict: Verdict,
): Score {
	return {
		metric,
		score_type,
		value: verdict.value,
		value_label: verdict.value_label,
		jury_votes: null,
		inter_judge_disagreement: null,
		confidence: null,
		critical_failure: false,
		gate_meta: null,
		reasoning: verdict.reasoning,
		grader_version: `${grader.id}@${grader.version ?? GRADER_VERSION}`,
		judge_panel_version: null,
		extras: verdict.extras,
	};
}

function toScore(check: TextCheck, verdict: Verdict): Score {
	return deterministicScore(check, check.metric, check.score_type, verdict);
}

/** A pass/fail verdict. */
export function passFail(passed: boolean, reasoning: string, extras: JsonObject | null = null): Verdict {
	return { value: passed ? 1 : 0, value_label: passed ? "pass" : "fail", reasoning, extras };
}
