import {
	BadInputError,
	type Case,
	type JsonObject,
	type LoadedTask,
	type Score,
	type Task,
	type TaskReference,
	type TaskVerifier,
	type VariantExpectation,
} from "../contract/index.js";
import { failingAssertionOf, PASSED_METRIC, setupFailureOf } from "../graders/index.js";
import { TASK_SCORE_METRIC } from "../plugins/index.js";
import type { Policy } from "../runners/index.js";
import type { PolicyRepeat, RepeatStatus, ValidationRunKind } from "./validation-outcome.js";

/** One run of a task's validation: which policy, with which solution, and the verdict it must get. */
export interface ValidationRun {
	readonly id: string;
	readonly kind: ValidationRunKind;
	readonly expect: VariantExpectation;
	readonly note: string | null;
	/** `baseline` changes nothing; `gold` applies `solution` (the reference, a variant, the control). */
	readonly policy: Policy;
	/** What `gold` applies instead of the task's reference; null for the reference itself (or none, for baseline). */
	readonly solution: TaskReference | null;
}

/** A task's runs in order: baseline, gold, the control (when it has one), then its variants. */
export function validationRuns(task: Task): ValidationRun[] {
	const { control, variants } = task.validation;
	return [
		{ id: "baseline", kind: "baseline", expect: "fail", note: null, policy: "baseline", solution: null },
		{ id: "gold", kind: "gold", expect: "pass", note: null, policy: "gold", solution: null },
		...(control === null
			? []
			: [
					{
						id: "control",
						kind: "control",
						expect: "fail",
						note: control.note,
						policy: "gold",
						// Applied on top of the baseline's workdir, which is the fixture: the baseline gives no final message.
						solution: { patch: control.patch, files: control.files, response: null },
					} satisfies ValidationRun,
				]),
		...variants.map(
			(variant): ValidationRun => ({
				id: variant.id,
				kind: "variant",
				expect: variant.expect,
				note: variant.note,
				policy: "gold",
				solution: { patch: variant.patch, files: variant.files, response: variant.response },
			}),
		),
	];
}

/** The cases named by `ids` (all when empty); an id the pack does not have is bad input. */
export function selectCases(
	request: { readonly dir: string; readonly ids: readonly string[] },
	all: readonly Case[],
): Case[] {
	const unknown = request.ids.filter((id) => !all.some((item) => item.id === id));
	if (unknown.length > 0)
		throw new BadInputError(
			"validate-tasks names tasks the pack does not have.",
			unknown.map((id) => ({
				source: request.dir,
				line: null,
				column: null,
				path: id,
				message: `no task \`${id}\` in ${request.dir}`,
				fix: `name tasks of the pack: ${all.map((item) => item.id).join(", ")}`,
			})),
		);
	return request.ids.length === 0 ? [...all] : all.filter((item) => request.ids.includes(item.id));
}

/** `--variant ID` must name a run of every task it validates; else bad input, listing the runs each has. */
export function refuseUnknownRun(id: string, cases: readonly Case[], loaded: ReadonlyMap<string, LoadedTask>): void {
	const issues = cases.flatMap((testCase) => {
		const entry = (loaded.get(testCase.id) as LoadedTask).entry;
		const known = validationRuns(entry.task).map((run) => run.id);
		if (known.includes(id)) return [];
		return [
			{
				source: entry.source,
				line: null,
				column: null,
				path: "validation.variants",
				message: `task ${testCase.id} has no variant \`${id}\``,
				fix: `name one of its runs with --variant: ${known.join(", ")}; or add a variant \`${id}\` to its \`validation.variants\``,
			},
		];
	});
	if (issues.length > 0) throw new BadInputError(`--variant ${id} names no run of the tasks validated.`, issues);
}

/**
 * One repeat's verdict from the task's scores: `pass` or `fail` by the verifier's `passed`, or a
 * `setup_failure` when the failure is the set-up's (see setupFailureOf), or an `error` when there
 * is no task score.
 */
export function readVerdict(verifier: TaskVerifier, threshold: number, scores: readonly Score[]): PolicyRepeat {
	const headline = scores.find((score) => score.metric === TASK_SCORE_METRIC);
	if (headline?.value == null) return failed("error", headline?.reasoning ?? "the verifier gave no task score");
	const verdict = scores.find((score) => score.metric === PASSED_METRIC)?.value;
	const passed = verdict == null ? headline.value >= threshold : verdict === 1;
	const setup = setupFailureOf(verifier, headline, passed);
	if (setup !== null) return failed("setup_failure", setup);
	return {
		status: passed ? "pass" : "fail",
		score: headline.value,
		why: headline.reasoning ?? "",
		counts: countsOf(headline),
		failing: passed ? null : failingAssertionOf(headline),
	};
}

/** A repeat that reached no verdict: a set-up failure or an error, with its message. */
export function failed(status: Extract<RepeatStatus, "setup_failure" | "error">, why: string): PolicyRepeat {
	return { status, score: null, why, counts: null, failing: null };
}

/** An error's message, for a repeat's `why`. */
export function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** The per-outcome test counts a tests verifier keeps in its score's extras. */
function countsOf(score: Score): Readonly<Record<string, number>> | null {
	const counts = (score.extras as JsonObject | null)?.counts;
	if (counts === null || typeof counts !== "object" || Array.isArray(counts)) return null;
	return Object.fromEntries(
		Object.entries(counts).filter((entry): entry is [string, number] => typeof entry[1] === "number"),
	);
}
