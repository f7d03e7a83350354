/**
 * The axes a task may be tagged with under `axes:` in task.yaml: each is an axis of the per-role
 * index scored on the tasks that carry the tag. Metadata only: never part of a cell key.
 */
export const TASK_AXES = ["judgement", "security", "review"] as const;
/** One of {@link TASK_AXES}. */
export type TaskAxis = (typeof TASK_AXES)[number];

/**
 * The axes of the per-role index, each a 0..1 score per model × harness: `correctness` the floor
 * pass rate, `frontier` the mean graded score on hard and frontier tasks, the {@link TASK_AXES}
 * the mean score on the tasks tagged so, `norms` the mean norms score, `judge` the pairwise
 * judge's rating min-max normalised over the rated models.
 */
export const INDEX_AXES = ["correctness", "frontier", ...TASK_AXES, "norms", "judge"] as const;
/** One of {@link INDEX_AXES}. */
export type IndexAxis = (typeof INDEX_AXES)[number];

/** How much each axis counts for one role; an axis left out counts 0. */
export type AxisWeights = Readonly<Partial<Record<IndexAxis, number>>>;

/** What `benchmarks/index.yaml` says "good" means, per role (see DEFAULT_INDEX_SETTINGS). */
export interface IndexSettings {
	/** Role name to its axis weights, in file order (weights need not sum to 1: they are renormalised). */
	readonly roles: Readonly<Record<string, AxisWeights>>;
	/** An axis measured on fewer tasks than this is flagged (still counted). */
	readonly min_n: number;
	/** Index points below the best that still count as "as good" when picking the cheapest and the fastest. */
	readonly tolerance: number;
}

/**
 * The index used when a benchmarks folder has no index.yaml: a planner leans on judgement and the
 * hard tasks, an implementer on correctness and the hard tasks with clean diffs, a reviewer on
 * finding planted bugs and security issues.
 */
export const DEFAULT_INDEX_SETTINGS: IndexSettings = Object.freeze({
	roles: Object.freeze({
		planner: Object.freeze({ correctness: 1, frontier: 2, judgement: 3, security: 1, judge: 1 }),
		implementer: Object.freeze({ correctness: 3, frontier: 2, security: 1, norms: 1, judge: 1 }),
		reviewer: Object.freeze({ correctness: 1, judgement: 1, security: 2, review: 3 }),
	}),
	min_n: 3,
	tolerance: 0.05,
});
