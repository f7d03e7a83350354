import type { Store } from "../store/index.js";
import { groupKey } from "./group-facts.js";
import { judgePlan } from "./judge-pairs.js";
import type { JudgeRating, JudgeRatings } from "./judge-ratings-types.js";
import { latestRubricVersion, VerdictIndex } from "./pair-verdicts.js";
import { bradleyTerryRatings, type PairwiseOutcome } from "./statistics/index.js";

/** Resamples and seed of the ratings' task bootstrap when none are given. */
export const JUDGE_RATING_BOOTSTRAP = { samples: 1000, seed: 19 } as const;

/** How {@link judgeRatings} reads. */
export interface JudgeRatingOptions {
	/** Only this task's verdicts. */
	readonly taskId?: string;
	/** The rubric version whose verdicts count; default: that of the most recent stored verdict. */
	readonly rubricVersion?: string;
	/** Bootstrap resamples and seed; default {@link JUDGE_RATING_BOOTSTRAP}. */
	readonly samples?: number;
	readonly seed?: number;
}

interface Row {
	readonly model_id: string;
	readonly harness: string;
	comparisons: number;
	readonly tasks: Set<string>;
}

/**
 * The pairwise judge's ratings of a task use case's model × harness rows, from the store alone:
 * every pair of passing current cells (see judgePlan) whose two orders have a stored verdict of
 * the rubric version counts once (agreement a win, a flip a tie, ties half a win; errors never).
 * Bradley–Terry per connected component of the comparison graph, each centred at 0 on an
 * Elo-like scale, with 90 % intervals from a bootstrap resampling tasks; models in different
 * components are flagged (`connected: false`), never rated against each other.
 */
export function judgeRatings(store: Store, useCaseId: string, options: JudgeRatingOptions = {}): JudgeRatings {
	const plan = judgePlan(store, useCaseId, options.taskId === undefined ? {} : { taskId: options.taskId });
	const stored = store.listComparisons(useCaseId);
	const rubricVersion = options.rubricVersion ?? latestRubricVersion(stored);
	const verdicts = new VerdictIndex(stored, rubricVersion);
	const rows = new Map<string, Row & { index: number }>();
	const rowOf = (model_id: string, harness: string): Row & { index: number } => {
		const key = groupKey(model_id, harness);
		let row = rows.get(key);
		if (row === undefined) {
			row = { model_id, harness, comparisons: 0, tasks: new Set(), index: rows.size };
			rows.set(key, row);
		}
		return row;
	};
	const tasks: PairwiseOutcome[][] = [];
	let pairs = 0;
	let flips = 0;
	for (const task of plan.tasks) {
		const outcomes: PairwiseOutcome[] = [];
		for (const pair of task.pairs) {
			const verdict = verdicts.verdict(pair);
			if (verdict === null) continue;
			pairs += 1;
			if (verdict.flip) flips += 1;
			const [x, y] = [rowOf(pair.x.model_id, pair.x.harness), rowOf(pair.y.model_id, pair.y.harness)];
			for (const row of [x, y]) {
				row.comparisons += 1;
				row.tasks.add(task.case_id);
			}
			outcomes.push({ a: x.index, b: y.index, score: verdict.winner === "x" ? 1 : verdict.winner === "y" ? 0 : 0.5 });
		}
		if (outcomes.length > 0) tasks.push(outcomes);
	}
	const ordered = [...rows.values()];
	const components = componentsOf(ordered.length, tasks.flat());
	const ratings = components.flatMap((members, component) =>
		rateComponent(members, component, ordered, tasks, options),
	);
	return {
		use_case_id: useCaseId,
		ratings,
		connected: components.length <= 1,
		pairs,
		flips,
		level: 0.9,
		rubric_version: rubricVersion,
	};
}

/** One component's fit on its own models and the tasks that compared them, best first. */
function rateComponent(
	members: readonly number[],
	component: number,
	rows: readonly Row[],
	tasks: readonly (readonly PairwiseOutcome[])[],
	options: JudgeRatingOptions,
): JudgeRating[] {
	const local = new Map(members.map((row, index) => [row, index]));
	const own = tasks
		.map((outcomes) =>
			outcomes
				.filter((outcome) => local.has(outcome.a))
				.map((outcome) => ({ ...outcome, a: local.get(outcome.a) as number, b: local.get(outcome.b) as number })),
		)
		.filter((outcomes) => outcomes.length > 0);
	const fitted = bradleyTerryRatings(members.length, own, {
		samples: options.samples ?? JUDGE_RATING_BOOTSTRAP.samples,
		seed: options.seed ?? JUDGE_RATING_BOOTSTRAP.seed,
		level: 0.9,
	});
	return members
		.map((row, index): JudgeRating => {
			const interval = fitted.intervals[index];
			const { model_id, harness, comparisons, tasks: judged } = rows[row] as Row;
			return {
				model_id,
				harness,
				rating: fitted.fit.rating[index] as number,
				interval:
					interval === undefined || interval.low === null || interval.high === null
						? null
						: { low: interval.low, high: interval.high },
				p_top: interval?.p_top ?? null,
				comparisons,
				tasks: judged.size,
				component,
			};
		})
		.sort((a, b) => b.rating - a.rating || a.model_id.localeCompare(b.model_id));
}

/** The connected components of the comparison graph, largest first (ties: first row first). */
function componentsOf(models: number, outcomes: readonly PairwiseOutcome[]): number[][] {
	const parent = Array.from({ length: models }, (_, index) => index);
	const find = (node: number): number => {
		while (parent[node] !== node) node = parent[node] as number;
		return node;
	};
	for (const { a, b } of outcomes) parent[find(a)] = find(b);
	const groups = new Map<number, number[]>();
	for (let model = 0; model < models; model++) {
		const root = find(model);
		groups.set(root, [...(groups.get(root) ?? []), model]);
	}
	return [...groups.values()].sort((a, b) => b.length - a.length || (a[0] as number) - (b[0] as number));
}
