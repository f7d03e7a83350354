import type { ModelEntry } from "../../contract/index.js";
import {
	askPairwiseJudge,
	PAIRWISE_RUBRIC_VERSION,
	type PairwiseJudge,
	type PairwiseVerdict,
	pairwiseMessages,
} from "../../graders/index.js";
import type { Store, StoredComparison } from "../../store/index.js";
import { runPool } from "../pool.js";
import { chooseJudge } from "./judge-choice.js";

/** A passing cell with a stored diff, as the read layer's judge plan gives it. */
export interface JudgeCell {
	readonly run_id: string;
	readonly model_id: string;
	readonly harness: string;
	readonly diff_sha: string;
}

/** One task to judge: what the judge is shown besides the diffs, and the pairs to judge. */
export interface JudgeTask {
	readonly case_id: string;
	readonly prompt: string;
	/** The real fix's diff, or null (no source_commit, no repository, nothing projectable). */
	readonly reference: string | null;
	readonly pairs: readonly { readonly x: JudgeCell; readonly y: JudgeCell }[];
}

/** What `touchstone judge` asks. */
export interface JudgeRequest {
	readonly store: Store;
	readonly use_case_id: string;
	readonly benchmark_version: string;
	readonly tasks: readonly JudgeTask[];
	readonly judges: { readonly judge: PairwiseJudge; readonly fallback: PairwiseJudge };
	/** The registry entry of a candidate model, for the family rule; undefined when it left the registry. */
	readonly model: (id: string) => ModelEntry | undefined;
	/** Judge calls in flight at once; default 4. */
	readonly concurrency?: number;
	readonly signal?: AbortSignal;
}

/** Counts of one task's pairs (or of all of them). */
export interface JudgeCounts {
	/** Pairs planned. */
	pairs: number;
	/** Pairs with at least one order asked in this run, and pairs answered wholly from stored verdicts. */
	asked: number;
	cached: number;
	/** Pairs whose two orders agreed (a win or an agreed tie), and pairs whose orders flipped (a tie). */
	agreed: number;
	flips: number;
	/** Pairs left without a verdict because an order's call was an error (asked again next run). */
	incomplete: number;
	/** Pairs with changes of both the judge's and the fallback's own family: skipped, never judged. */
	skipped: number;
	/** Pairs the fallback judged because the judge's family was in them. */
	fallback: number;
	/** Judge calls made in this run, and of those, calls that gave no verdict. */
	calls: number;
	errors: number;
}

/** What a `touchstone judge` run did. */
export interface JudgeSummary {
	readonly rubric_version: string;
	readonly judge: string;
	readonly fallback: string;
	readonly tasks: readonly ({ readonly case_id: string } & Readonly<JudgeCounts>)[];
	readonly totals: Readonly<JudgeCounts>;
	/** Sum of the calls' known costs in USD, null when none is known; calls whose cost is unknown. */
	readonly cost_usd: number | null;
	readonly unpriced_calls: number;
	/** The first few errors, for the terminal. */
	readonly error_samples: readonly string[];
}

const zero = (): JudgeCounts => ({
	pairs: 0,
	asked: 0,
	cached: 0,
	agreed: 0,
	flips: 0,
	incomplete: 0,
	skipped: 0,
	fallback: 0,
	calls: 0,
	errors: 0,
});

/**
 * Judges every planned pair in both orders and records each call in `comparisons` (a verdict, or
 * an error, with its cost), skipping an order whose verdict is already stored under the same
 * diffs, rubric version and judge: a re-run pays only for new pairs (and for orders that erred).
 * The judge is chosen per pair by the family rule (see chooseJudge). Never throws for a judge's
 * sake: a failed or unusable call is an error row.
 */
export async function judgeUseCase(request: JudgeRequest): Promise<JudgeSummary> {
	const { store } = request;
	const signal = request.signal ?? new AbortController().signal;
	const cache = new Map<string, StoredComparison>();
	const keyOf = (a: string, b: string, judge: string) => `${a}\n${b}\n${judge}`;
	for (const row of store.listComparisons(request.use_case_id))
		if (row.verdict !== null && row.rubric_version === PAIRWISE_RUBRIC_VERSION && row.diff_a_sha && row.diff_b_sha)
			cache.set(keyOf(row.diff_a_sha, row.diff_b_sha, row.judge), row);
	const texts = new Map<string, string>();
	const textOf = (sha: string) => {
		let text = texts.get(sha);
		if (text === undefined) {
			text = store.readArtifactText(sha);
			texts.set(sha, text);
		}
		return text;
	};
	const cost = { known: 0, any: false, unpriced: 0 };
	const errorSamples: string[] = [];
	const perTask = request.tasks.map((task) => ({ case_id: task.case_id, ...zero() }));
	const work = request.tasks.flatMap((task, index) =>
		task.pairs.map((pair) => ({ task, pair, counts: perTask[index] as JudgeCounts })),
	);
	await runPool(work, request.concurrency ?? 4, async ({ task, pair, counts }) => {
		counts.pairs += 1;
		const choice = chooseJudge(
			request.judges,
			[pair.x, pair.y].map((cell) => ({ model_id: cell.model_id, entry: request.model(cell.model_id) })),
		);
		if (choice.judge === null) {
			counts.skipped += 1;
			return;
		}
		if (choice.fallback) counts.fallback += 1;
		const judge = choice.judge;
		const verdicts: (PairwiseVerdict | null)[] = [];
		let asked = false;
		for (const [a, b] of [
			[pair.x, pair.y],
			[pair.y, pair.x],
		] as const) {
			const cached = cache.get(keyOf(a.diff_sha, b.diff_sha, judge.model.id));
			if (cached !== undefined) {
				verdicts.push(cached.verdict);
				continue;
			}
			asked = true;
			const messages = pairwiseMessages({
				task_prompt: task.prompt,
				diff_a: textOf(a.diff_sha),
				diff_b: textOf(b.diff_sha),
				reference: task.reference,
			});
			const call = await askPairwiseJudge(judge, messages, signal);
			counts.calls += 1;
			if (call.cost_usd === null) cost.unpriced += 1;
			else {
				cost.known += call.cost_usd;
				cost.any = true;
			}
			if (call.error !== null) {
				counts.errors += 1;
				if (errorSamples.length < 5) errorSamples.push(`${task.case_id} (${judge.model.id}): ${call.error}`);
			}
			const row = store.recordComparison({
				use_case_id: request.use_case_id,
				benchmark_version: request.benchmark_version,
				case_id: task.case_id,
				run_a: a.run_id,
				run_b: b.run_id,
				judge: judge.model.id,
				verdict: call.verdict,
				error: call.error,
				confidence: call.confidence,
				reasoning_sha: call.reply === null ? null : store.putArtifact(call.reply, "text/plain").sha256,
				diff_a_sha: a.diff_sha,
				diff_b_sha: b.diff_sha,
				rubric_version: PAIRWISE_RUBRIC_VERSION,
				cost_usd: call.cost_usd,
				input_tokens: call.input_tokens,
				output_tokens: call.output_tokens,
			});
			if (row.verdict !== null) cache.set(keyOf(a.diff_sha, b.diff_sha, judge.model.id), row);
			verdicts.push(call.verdict);
		}
		if (asked) counts.asked += 1;
		else counts.cached += 1;
		const [one, two] = verdicts;
		if (one === null || two === null || one === undefined || two === undefined) counts.incomplete += 1;
		else if (sameWinner(one, two)) counts.agreed += 1;
		else counts.flips += 1;
	});
	const totals = zero();
	for (const counts of perTask)
		for (const key of Object.keys(totals) as (keyof JudgeCounts)[]) totals[key] += counts[key];
	return {
		rubric_version: PAIRWISE_RUBRIC_VERSION,
		judge: request.judges.judge.model.id,
		fallback: request.judges.fallback.model.id,
		tasks: perTask,
		totals,
		cost_usd: cost.any ? cost.known : null,
		unpriced_calls: cost.unpriced,
		error_samples: errorSamples,
	};
}

/** Whether the verdict on x-then-y and the one on y-then-x name the same change (or both a tie). */
function sameWinner(first: PairwiseVerdict, second: PairwiseVerdict): boolean {
	return first === "tie" ? second === "tie" : first !== second && second !== "tie";
}
