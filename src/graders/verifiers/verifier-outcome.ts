import type { JsonObject } from "../../contract/index.js";
import { reaches, type VerifierVerdict } from "./verifier-score.js";

/**
 * The outcome taxonomy every task verifier keeps, recorded as `extras.outcome` of its headline:
 * `graded_failure` (the model's answer is wrong, rejected or broken: 0), `timeout` (its code ran
 * past the bound: a graded failure, 0, correctness unknown), `correct` (scored, passed or not by
 * the threshold). The fourth outcome, a harness error, is no verdict at all: the verifier throws a
 * VerifierHarnessError, the host records a grader error, and aggregates leave the cell out.
 */
export const VERIFIER_OUTCOMES = ["graded_failure", "timeout", "correct"] as const;
/** One of {@link VERIFIER_OUTCOMES}. */
export type VerifierOutcome = (typeof VERIFIER_OUTCOMES)[number];

/** A graded failure: the model's answer earns 0, with the reason a task author can read. */
export function gradedFailure(reasoning: string, extras: JsonObject, label = "fail"): VerifierVerdict {
	return {
		value: 0,
		passed: false,
		value_label: label,
		reasoning: `fail: ${reasoning}`,
		critical_failure: false,
		gate_meta: null,
		extras: { ...extras, outcome: "graded_failure" },
	};
}

/** A timeout: `what` ran past `seconds`; a graded failure (0) whose correctness is unknown. */
export function timedOut(what: string, seconds: number, extras: JsonObject): VerifierVerdict {
	return {
		value: 0,
		passed: false,
		value_label: "timeout",
		reasoning: `fail: ${what} timed out after ${seconds} s`,
		critical_failure: false,
		gate_meta: null,
		extras: { ...extras, outcome: "timeout" },
	};
}

/** What a correct (gradable) answer scored. */
export interface ScoredAnswer {
	/** The score, 0..1. */
	readonly value: number;
	/** The score at or above which it passes (compared at 12 decimals). */
	readonly threshold: number;
	/** Why it scored this, in a sentence. */
	readonly reasoning: string;
	/** Per-item details. */
	readonly extras: JsonObject;
	/** The human reading of the value; default the value to 4 places. */
	readonly label?: string;
	/** A tripped gate that zeroed the score, with what tripped it; default none. */
	readonly critical?: JsonObject | null;
	/**
	 * Whether the verdict is pass/fail only (the `tests` verifier without sites) rather than a
	 * graded 0..1 score; default false. A graded score is marked `extras.graded_score: true`: the
	 * leaderboard's graded mean counts the tasks that carry one.
	 */
	readonly binary?: boolean;
}

/**
 * A correct outcome: the verifier could grade the answer, and `value` (0..1) is its score, a
 * partial answer showing as partial; it passes at `threshold` unless a critical gate tripped.
 */
export function scoredVerdict(answer: ScoredAnswer): VerifierVerdict {
	const critical = answer.critical ?? null;
	if (!(answer.value >= 0 && answer.value <= 1))
		throw new RangeError(`a verifier score must be in 0..1, got ${answer.value}`);
	return {
		value: answer.value,
		passed: critical === null && reaches(answer.value, answer.threshold),
		value_label: answer.label ?? String(Math.round(answer.value * 1e4) / 1e4),
		reasoning: answer.reasoning,
		critical_failure: critical !== null,
		gate_meta: critical,
		extras: { ...answer.extras, outcome: "correct", ...(answer.binary === true ? {} : { graded_score: true }) },
	};
}
