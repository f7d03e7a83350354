import type { IndexAxis, SpecDocument, TaskAxis } from "../contract/index.js";
import type { Store } from "../store/index.js";
import { currentFacts } from "./current-facts.js";
import { groupKey } from "./group-facts.js";
import { type NormalisedJudge, normaliseJudge } from "./index-judge.js";
import type { JudgeRatings } from "./judge-ratings-types.js";
import { NORMS_SCORE_METRIC } from "./norms-column.js";
import { type AttemptEffort, taskFacts } from "./task-facts.js";

/** The axes scored task by task; `judge` is scored per use case by the pairwise judge. */
export const TASK_LEVEL_AXES = [
	"correctness",
	"frontier",
	"judgement",
	"security",
	"review",
	"norms",
] as const satisfies readonly IndexAxis[];
/** One of {@link TASK_LEVEL_AXES}. */
export type TaskLevelAxis = (typeof TASK_LEVEL_AXES)[number];

/** One task use case the index reads, with what the store does not hold. */
export interface IndexUseCase {
	readonly use_case_id: string;
	/** Each task's `axes:` tags, from the loaded task pack (the read layer never reads task.yaml). */
	readonly task_axes: ReadonlyMap<string, readonly TaskAxis[]>;
	/** Its pairwise-judge ratings, or null when nobody judged it. */
	readonly judge: JudgeRatings | null;
}

/** What the index knows of one model × harness, pooled over the use cases, task by task. */
export interface IndexMeasures {
	readonly model_id: string;
	readonly harness: string;
	/** A reference policy (builtin baseline, gold) in some use case: shown, never picked. */
	readonly reference: boolean;
	/** The tasks behind the axes, `use-case/task`, one position each in `values`. */
	readonly tasks: readonly string[];
	/** Per axis, each task's 0..1 value, NaN where the task does not count towards that axis. */
	readonly values: Readonly<Record<TaskLevelAxis, Float64Array>>;
	/** The judge axis pooled over the use cases (weighted by tasks judged); null when never rated. */
	readonly judge: NormalisedJudge | null;
	/** Every graded attempt, for cost and wall time. */
	readonly attempts: readonly AttemptEffort[];
	/** Attempts the harness failed: excluded from every axis, shown. */
	readonly harness_errors: number;
}

/**
 * Reads each task use case once (taskFacts, and the norms metric's current rows) into per-task
 * values per model × harness: a floor task's pass rate counts towards correctness, a hard or
 * frontier task's mean graded score towards frontier, a tagged task's mean score towards each of
 * its axes, and a task's mean norms score towards norms. A task with no graded attempt counts
 * nowhere. Use cases without a run yet are skipped and named in `notes`.
 */
export function indexMeasures(
	store: Store,
	useCases: readonly IndexUseCase[],
): { readonly measures: readonly IndexMeasures[]; readonly notes: readonly string[]; readonly read: string[] } {
	const notes: string[] = [];
	const read: string[] = [];
	const builders = new Map<string, Builder>();
	for (const useCase of useCases) {
		const id = useCase.use_case_id;
		if (store.currentSpec(id) === null) {
			notes.push(`${id} has no results yet (touchstone run --use-case ${id}), so it is left out`);
			continue;
		}
		read.push(id);
		const facts = taskFacts(store, id);
		const norms = new Map(
			currentFacts(store, id, { metric: NORMS_SCORE_METRIC }).groups.map((group) => [
				groupKey(group.model_id, group.harness),
				group.caseMeans,
			]),
		);
		const judge = useCase.judge === null ? null : normaliseJudge(useCase.judge);
		if (judge !== null) notes.push(...judge.notes);
		const references = new Set((facts.spec.spec as unknown as SpecDocument).reference_models ?? []);
		for (const group of facts.groups) {
			const key = groupKey(group.model_id, group.harness);
			let builder = builders.get(key);
			if (builder === undefined) {
				builder = newBuilder(group.model_id, group.harness);
				builders.set(key, builder);
			}
			if (references.has(group.model_id)) builder.reference = true;
			builder.attempts.push(...group.attempts);
			const normsOf = norms.get(key);
			for (const tally of group.tasks.values()) {
				builder.harness_errors += tally.harness_errors;
				if (tally.samples === 0) continue;
				const mean = tally.score_sum / tally.samples;
				const row: Partial<Record<TaskLevelAxis, number>> = {};
				if (tally.kind === "floor") row.correctness = tally.passes / tally.samples;
				if (tally.kind === "ceiling" || tally.kind === "frontier") row.frontier = mean;
				for (const axis of useCase.task_axes.get(tally.case_id) ?? []) row[axis] = mean;
				const norm = normsOf?.get(tally.case_id);
				if (norm !== undefined) row.norms = norm;
				builder.tasks.push(`${id}/${tally.case_id}`);
				builder.rows.push(row);
			}
			const rated = judge?.scores.get(key);
			if (rated !== undefined) builder.judged.push(rated);
		}
	}
	return { measures: [...builders.values()].map(finish), notes, read };
}

interface Builder {
	readonly model_id: string;
	readonly harness: string;
	reference: boolean;
	readonly tasks: string[];
	readonly rows: Partial<Record<TaskLevelAxis, number>>[];
	readonly judged: NormalisedJudge[];
	readonly attempts: AttemptEffort[];
	harness_errors: number;
}

function newBuilder(model_id: string, harness: string): Builder {
	return { model_id, harness, reference: false, tasks: [], rows: [], judged: [], attempts: [], harness_errors: 0 };
}

function finish(builder: Builder): IndexMeasures {
	const values = Object.fromEntries(
		TASK_LEVEL_AXES.map((axis) => [axis, Float64Array.from(builder.rows, (row) => row[axis] ?? Number.NaN)]),
	) as Record<TaskLevelAxis, Float64Array>;
	return {
		model_id: builder.model_id,
		harness: builder.harness,
		reference: builder.reference,
		tasks: builder.tasks,
		values,
		judge: pooledJudge(builder.judged),
		attempts: builder.attempts,
		harness_errors: builder.harness_errors,
	};
}

/** The judge scores of several use cases as one, each weighing as many tasks as it was judged on. */
function pooledJudge(judged: readonly NormalisedJudge[]): NormalisedJudge | null {
	if (judged.length === 0) return null;
	let weighted = 0;
	let weight = 0;
	for (const item of judged) {
		const tasks = Math.max(1, item.tasks);
		weighted += item.score * tasks;
		weight += tasks;
	}
	return { score: weighted / weight, tasks: judged.reduce((total, item) => total + item.tasks, 0) };
}
