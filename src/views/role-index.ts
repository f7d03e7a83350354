import { type AxisWeights, INDEX_AXES, type IndexAxis, type IndexSettings } from "../contract/index.js";
import type { Store } from "../store/index.js";
import {
	type IndexMeasures,
	type IndexUseCase,
	indexMeasures,
	TASK_LEVEL_AXES,
	type TaskLevelAxis,
} from "./index-measures.js";
import { type RolePick, rolePicks } from "./index-picks.js";
import { percentile } from "./percentile.js";
import { bootstrapIntervals, type Interval } from "./statistics/index.js";

export type { IndexUseCase } from "./index-measures.js";
export type { RolePick } from "./index-picks.js";

/** Resamples, seed and level of the index's interval (a bootstrap over each model's tasks). */
export const INDEX_BOOTSTRAP = { samples: 1_000, seed: 1, level: 0.9 } as const;

/** One axis of one model × harness: its 0..1 score and how many tasks it rests on. */
export interface AxisScore {
	/** Null when the model was never measured on this axis: it drops out of every role. */
	readonly score: number | null;
	/** Tasks behind it (for `judge`, the tasks the judge compared it on). */
	readonly n: number;
	/** Measured, but on fewer than `min_n` tasks: shown flagged, still counted. */
	readonly below_min_n: boolean;
}

/** A model × harness's axes, cost and wall time, pooled over the use cases read; the same for every role. */
export interface IndexModel {
	readonly model_id: string;
	readonly harness: string;
	/** A reference policy (builtin baseline, gold): shown, never named best, cheapest or fastest. */
	readonly reference: boolean;
	/** Tasks with a graded attempt, over every use case read. */
	readonly tasks: number;
	readonly axes: Readonly<Record<IndexAxis, AxisScore>>;
	/** Mean cost of one attempt at a task, over the attempts whose cost is known; null when none is. */
	readonly cost_per_task_usd: number | null;
	/** Attempts whose cost is unknown (never counted as 0): such a model is never named cheapest. */
	readonly unknown_cost: number;
	/** Median wall time of an attempt, in milliseconds; null when none is known. */
	readonly p50_wall_ms: number | null;
	/** Attempts the harness failed: excluded from every axis, shown. */
	readonly harness_errors: number;
}

/** One model × harness in one role. */
export interface RoleRow {
	readonly model_id: string;
	readonly harness: string;
	readonly reference: boolean;
	/** Weighted mean of the axes it was measured on; null when it has none the role weighs. */
	readonly index: number | null;
	/** Bootstrap interval over the model's tasks at INDEX_BOOTSTRAP.level; null with fewer than two tasks. */
	readonly interval: Interval | null;
	/** The weights that made its index: the role's, renormalised over the axes it was measured on (sum 1). */
	readonly weights: Readonly<Partial<Record<IndexAxis, number>>>;
	/** Axes the role weighs that this model was never measured on (dropped), and those below min_n (flagged). */
	readonly dropped: readonly IndexAxis[];
	readonly flagged: readonly IndexAxis[];
}

/** One role's ranking and its routing answer. */
export interface RoleRanking {
	readonly role: string;
	/** The role's weights as index.yaml writes them. */
	readonly weights: AxisWeights;
	/** Best first; models without an index last. */
	readonly rows: readonly RoleRow[];
	/** The highest index among the models one could deploy (never a reference policy). */
	readonly best: RolePick | null;
	/** Within `tolerance` of the best: the cheapest per task (known costs only) and the fastest (median wall). */
	readonly cheapest: RolePick | null;
	readonly fastest: RolePick | null;
	readonly notes: readonly string[];
}

/** The per-role index over some task use cases. */
export interface RoleIndex {
	readonly settings: IndexSettings;
	/** The use cases whose rows were read (those run at least once). */
	readonly use_cases: readonly string[];
	/** Confidence level of the intervals. */
	readonly level: number;
	readonly models: readonly IndexModel[];
	readonly roles: readonly RoleRanking[];
	readonly notes: readonly string[];
}

/** What {@link roleIndex} reads besides the store. */
export interface RoleIndexOptions {
	readonly settings: IndexSettings;
	readonly useCases: readonly IndexUseCase[];
	/** Only these roles (each must be in `settings`); default every role, in file order. */
	readonly roles?: readonly string[] | undefined;
	readonly bootstrap?: { readonly samples: number; readonly seed: number; readonly level: number } | undefined;
}

/**
 * The per-role index (see index.yaml): every model × harness of the task use cases scored 0..1 on
 * each axis, weighted per role (axes a model was never measured on drop out, the rest
 * renormalise), with a bootstrap interval over its tasks, and per role the best model and the
 * cheapest and the fastest within `tolerance` of it. From the store and the options alone: a new
 * weighting is a new answer, never a new run.
 */
export function roleIndex(store: Store, options: RoleIndexOptions): RoleIndex {
	const { settings } = options;
	const bootstrap = options.bootstrap ?? INDEX_BOOTSTRAP;
	const roles = options.roles ?? Object.keys(settings.roles);
	const unknown = roles.filter((role) => settings.roles[role] === undefined);
	if (unknown.length > 0) throw new RangeError(`no role ${unknown.join(", ")} in the index settings`);
	const { measures, notes: readNotes, read } = indexMeasures(store, options.useCases);
	const notes = [...readNotes];
	if (
		options.useCases.every((useCase) => useCase.judge === null) &&
		roles.some((role) => (settings.roles[role]?.judge ?? 0) > 0)
	)
		notes.push(
			"no pairwise-judge ratings (touchstone judge) for these use cases: the judge axis drops out for every model",
		);
	const models = measures.map((measure) => indexModel(measure, settings.min_n));
	const rows = roles.map((): RoleRow[] => []);
	measures.forEach((measure, which) => {
		const model = models[which] as IndexModel;
		const weightsOf = roles.map((role) => settings.roles[role] as AxisWeights);
		const intervals = bootstrapIntervals(
			measure.tasks.length,
			weightsOf.map((weights) => (indices) => combine(weights, axisMeans(measure, indices), measure)),
			bootstrap,
		);
		weightsOf.forEach((weights, index) => {
			rows[index]?.push(roleRow(model, weights, intervals[index]?.interval ?? null));
		});
	});
	return {
		settings,
		use_cases: read,
		level: bootstrap.level,
		models,
		roles: roles.map((role, index) => {
			const sorted = (rows[index] ?? []).sort(byIndex);
			return {
				role,
				weights: settings.roles[role] as AxisWeights,
				rows: sorted,
				...rolePicks(sorted, models, settings.tolerance),
			};
		}),
		notes,
	};
}

function indexModel(measure: IndexMeasures, minN: number): IndexModel {
	const all = new Int32Array(measure.tasks.length).map((_, index) => index);
	const means = axisMeans(measure, all);
	const axes = Object.fromEntries(
		INDEX_AXES.map((axis): [IndexAxis, AxisScore] => {
			const { score, n } =
				axis === "judge"
					? { score: measure.judge?.score ?? null, n: measure.judge?.tasks ?? 0 }
					: { score: Number.isNaN(means.mean[axis]) ? null : means.mean[axis], n: means.count[axis] };
			return [axis, { score, n, below_min_n: score !== null && n < minN }];
		}),
	) as Record<IndexAxis, AxisScore>;
	const costs = measure.attempts.flatMap((attempt) => (attempt.cost_usd === null ? [] : [attempt.cost_usd]));
	const walls = measure.attempts.flatMap((attempt) => (attempt.wall_ms === null ? [] : [attempt.wall_ms]));
	return {
		model_id: measure.model_id,
		harness: measure.harness,
		reference: measure.reference,
		tasks: measure.tasks.length,
		axes,
		cost_per_task_usd: costs.length === 0 ? null : costs.reduce((sum, cost) => sum + cost, 0) / costs.length,
		unknown_cost: measure.attempts.length - costs.length,
		p50_wall_ms: percentile(walls, 50),
		harness_errors: measure.harness_errors,
	};
}

function roleRow(model: IndexModel, weights: AxisWeights, interval: Interval | null): RoleRow {
	const weighed = INDEX_AXES.filter((axis) => (weights[axis] ?? 0) > 0);
	const measured = weighed.filter((axis) => model.axes[axis].score !== null);
	const total = measured.reduce((sum, axis) => sum + (weights[axis] ?? 0), 0);
	const index =
		total === 0
			? null
			: measured.reduce((sum, axis) => sum + (weights[axis] ?? 0) * (model.axes[axis].score ?? 0), 0) / total;
	return {
		model_id: model.model_id,
		harness: model.harness,
		reference: model.reference,
		index,
		interval,
		weights: Object.fromEntries(measured.map((axis) => [axis, (weights[axis] ?? 0) / total])),
		dropped: weighed.filter((axis) => model.axes[axis].score === null),
		flagged: measured.filter((axis) => model.axes[axis].below_min_n),
	};
}

type Means = { readonly mean: Record<TaskLevelAxis, number>; readonly count: Record<TaskLevelAxis, number> };

/** Each task-level axis's mean over the tasks at `indices` (a resample, or every task), NaN where none counts. */
function axisMeans(measure: IndexMeasures, indices: Int32Array): Means {
	const mean = {} as Record<TaskLevelAxis, number>;
	const count = {} as Record<TaskLevelAxis, number>;
	for (const axis of TASK_LEVEL_AXES) {
		const values = measure.values[axis];
		let sum = 0;
		let n = 0;
		for (const at of indices) {
			const value = values[at] as number;
			if (Number.isNaN(value)) continue;
			sum += value;
			n += 1;
		}
		mean[axis] = n === 0 ? Number.NaN : sum / n;
		count[axis] = n;
	}
	return { mean, count };
}

/** The index on one resample: the role's weights over the axes measured there, the judge held at its score. */
function combine(weights: AxisWeights, means: Means, measure: IndexMeasures): number | null {
	let total = 0;
	let sum = 0;
	for (const axis of INDEX_AXES) {
		const weight = weights[axis] ?? 0;
		const value = axis === "judge" ? (measure.judge?.score ?? Number.NaN) : means.mean[axis];
		if (weight <= 0 || Number.isNaN(value)) continue;
		total += weight;
		sum += weight * value;
	}
	return total === 0 ? null : sum / total;
}

function byIndex(a: RoleRow, b: RoleRow): number {
	if (a.index === null || b.index === null) return a.index === null ? (b.index === null ? 0 : 1) : -1;
	return b.index - a.index || a.model_id.localeCompare(b.model_id) || a.harness.localeCompare(b.harness);
}
