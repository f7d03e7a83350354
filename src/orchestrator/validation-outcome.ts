import type { VariantExpectation } from "../contract/index.js";

/** The verdicts of one validation run (a policy or variant) and of a task, worst first. */
export const VALIDATION_VERDICTS = ["error", "setup-failure", "flaky", "broken", "ok"] as const;
/** One of {@link VALIDATION_VERDICTS}: `setup-failure` is an import, dependency or collection error, never a verdict on the code. */
export type ValidationVerdict = (typeof VALIDATION_VERDICTS)[number];

/** What a validation run applies: nothing, the reference, the baseline plus a harmless change, or an alternative solution. */
export type ValidationRunKind = "baseline" | "gold" | "control" | "variant";

/** How one repeat ended: a verdict (`pass`, `fail`), a set-up failure, or an error of the policy or the verifier. */
export type RepeatStatus = "pass" | "fail" | "setup_failure" | "error";

/** What one repeat of one policy or variant came to: its score and the verifier's account of it. */
export interface PolicyRepeat {
	readonly status: RepeatStatus;
	/** The task score; null for a set-up failure or an error. */
	readonly score: number | null;
	/** Why: the verifier's reasoning, or the set-up failure or error. */
	readonly why: string;
	/** Tests per outcome in the verifier's report (`passed`, `failed`, `skipped`, `todo`); null for a checks verifier or an error. */
	readonly counts: Readonly<Record<string, number>> | null;
	/** For a failing verdict: the first failing test's name and message, the checks not passed, or the reasoning. */
	readonly failing: string | null;
}

/** Runs per status of a policy or variant over its repeats. */
export interface RepeatCounts {
	readonly runs: number;
	readonly passes: number;
	readonly fails: number;
	readonly setup_failures: number;
	readonly errors: number;
}

/** What one policy or variant did on one task over the repeats, and its verdict. */
export interface PolicyOutcome {
	/** `baseline`, `gold`, `control` or the variant's id. */
	readonly id: string;
	readonly kind: ValidationRunKind;
	/** The verdict it must get every time (the control's is the baseline's). */
	readonly expect: VariantExpectation;
	/** The variant's or control's note; null for none. */
	readonly note: string | null;
	readonly counts: RepeatCounts;
	readonly verdict: ValidationVerdict;
	/** Why the verdict is not `ok`. */
	readonly reasons: readonly string[];
	/** The failing assertion of its first failing repeat; null when none failed. */
	readonly failing_assertion: string | null;
	/** Whether each repeat passed; null for a set-up failure or an error. */
	readonly passed: readonly (boolean | null)[];
	/** The task score of each repeat; null for a set-up failure or an error. */
	readonly scores: readonly (number | null)[];
	/** The set-up failures and errors of the repeats, in order. */
	readonly errors: readonly string[];
	/** Each repeat, with the verifier's reasons. */
	readonly repeats: readonly PolicyRepeat[];
}

/** Scores that count as the top score 1 (compared at 12 decimals, as thresholds are). */
const TOP = 1 - 1e-12;

/**
 * The verdict of one policy or variant over its repeats: `error` or `setup-failure` when any
 * repeat is one, `flaky` when the verdicts differ, `broken` when the verdict is not the expected
 * one (for gold: also when it does not earn the top score 1 every time), else `ok`.
 */
export function outcomeOf(
	run: {
		readonly id: string;
		readonly kind: ValidationRunKind;
		readonly expect: VariantExpectation;
		readonly note: string | null;
	},
	repeats: readonly PolicyRepeat[],
): PolicyOutcome {
	const count = (status: RepeatStatus) => repeats.filter((repeat) => repeat.status === status).length;
	const counts: RepeatCounts = {
		runs: repeats.length,
		passes: count("pass"),
		fails: count("fail"),
		setup_failures: count("setup_failure"),
		errors: count("error"),
	};
	const failing = repeats.find((repeat) => repeat.status === "fail")?.failing ?? null;
	const judged = judge(run, repeats, counts, failing);
	return {
		...run,
		counts,
		...judged,
		failing_assertion: failing,
		passed: repeats.map((repeat) => (repeat.status === "pass" ? true : repeat.status === "fail" ? false : null)),
		scores: repeats.map((repeat) => repeat.score),
		errors: repeats.flatMap((repeat) =>
			repeat.status === "error" || repeat.status === "setup_failure" ? [repeat.why] : [],
		),
		repeats,
	};
}

function judge(
	run: { readonly id: string; readonly kind: ValidationRunKind; readonly expect: VariantExpectation },
	repeats: readonly PolicyRepeat[],
	counts: RepeatCounts,
	failing: string | null,
): { verdict: ValidationVerdict; reasons: string[] } {
	const name = run.kind === "variant" ? `variant \`${run.id}\`` : run.id;
	const of = (n: number) => `${n} of ${counts.runs} run${counts.runs === 1 ? "" : "s"}`;
	const distinct = (status: RepeatStatus) => [
		...new Set(repeats.filter((repeat) => repeat.status === status).map((repeat) => repeat.why)),
	];
	if (counts.errors > 0)
		return {
			verdict: "error",
			reasons: distinct("error").map((why) => `${name}: error in ${of(counts.errors)}: ${why}`),
		};
	if (counts.setup_failures > 0)
		return {
			verdict: "setup-failure",
			reasons: distinct("setup_failure").map(
				(why) => `${name}: setup failure in ${of(counts.setup_failures)}, not a verdict: ${why}`,
			),
		};
	if (counts.passes > 0 && counts.fails > 0)
		return { verdict: "flaky", reasons: [`${name} passed ${of(counts.passes)}: its verdict is not stable`] };
	const passed = counts.passes > 0;
	const because = failing === null ? "" : ` (failing: ${failing})`;
	if (passed !== (run.expect === "pass")) {
		const reason =
			run.kind === "baseline"
				? "baseline (no change) passes: the verifier does not detect the problem"
				: run.kind === "gold"
					? `gold (the reference solution) fails: the task cannot be passed${because}`
					: run.kind === "control"
						? `control (a harmless change on top of the baseline) ${passed ? "passes" : `fails${because}`}, but the baseline ${passed ? "fails" : "passes"}: the verdict reacts to an unrelated change`
						: `${name} (expect ${run.expect}) ${passed ? "passes: the verifier accepts a solution it must reject" : `fails: the verifier rejects a solution it must accept${because}`}`;
		return { verdict: "broken", reasons: [reason] };
	}
	if (run.kind === "gold") {
		const below = repeats.filter((repeat) => repeat.score !== null && repeat.score < TOP);
		const first = below[0];
		if (first !== undefined)
			return {
				verdict: "broken",
				reasons: [
					`gold (the reference solution) passes but scores ${[...new Set(below.map((repeat) => round(repeat.score ?? 0)))].join(", ")}, below the top score 1, in ${of(below.length)}: the reference must earn full marks (${first.why})`,
				],
			};
	}
	return { verdict: "ok", reasons: [] };
}

/** The worst of several verdicts (see {@link VALIDATION_VERDICTS}); `ok` for none. */
export function worstVerdict(verdicts: readonly ValidationVerdict[]): ValidationVerdict {
	for (const verdict of VALIDATION_VERDICTS) if (verdicts.includes(verdict)) return verdict;
	return "ok";
}

function round(value: number): string {
	return String(Math.round(value * 1e4) / 1e4);
}
