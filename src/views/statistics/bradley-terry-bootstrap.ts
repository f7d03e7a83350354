import { percentile } from "../percentile.js";
import {
	type BradleyTerryFit,
	type BradleyTerryOptions,
	fitBradleyTerry,
	type PairwiseOutcome,
} from "./bradley-terry.js";
import { seededPositions } from "./seeded-random.js";

/** One model's rating with its percentile interval over task resamples. */
export interface RatingInterval {
	/** The rating of the fit on every task. */
	readonly rating: number;
	/** The interval's bounds; null when fewer than two tasks were judged. */
	readonly low: number | null;
	readonly high: number | null;
	/** Share of resamples in which the model had the top rating. */
	readonly p_top: number | null;
}

/** The fit on all tasks and each model's interval. */
export interface BradleyTerryRatings {
	readonly fit: BradleyTerryFit;
	readonly intervals: readonly RatingInterval[];
	/** Tasks the ratings stand on (the resampled clusters). */
	readonly tasks: number;
	/** Resamples drawn. */
	readonly samples: number;
	/** Confidence level of the intervals. */
	readonly level: number;
}

/** How to bootstrap the ratings. */
export interface RatingBootstrapOptions extends BradleyTerryOptions {
	/** Resamples, e.g. 1000. */
	readonly samples: number;
	/** Seed: the same seed and input give the same intervals. */
	readonly seed: number;
	/** Confidence level; default 0.9, as seed 001's judge ratings. */
	readonly level?: number;
}

/**
 * Bradley–Terry ratings with percentile intervals from a cluster bootstrap over TASKS (research
 * note ranking-stats §1.4): every pair is judged on the same fixed tasks, so a task and all its
 * verdicts are one draw; resampling single verdicts would understate the uncertainty. Each
 * resample is refitted with the same ridge; `p_top` is the share of resamples a model tops.
 */
export function bradleyTerryRatings(
	models: number,
	tasks: readonly (readonly PairwiseOutcome[])[],
	options: RatingBootstrapOptions,
): BradleyTerryRatings {
	const level = options.level ?? 0.9;
	if (!(level > 0 && level < 1)) throw new RangeError(`confidence level must be between 0 and 1, got ${level}`);
	if (!Number.isInteger(options.samples) || options.samples < 1)
		throw new RangeError(`bootstrap samples must be a whole number ≥ 1, got ${options.samples}`);
	const fit = fitBradleyTerry(models, tasks.flat(), options);
	if (tasks.length < 2)
		return {
			fit,
			intervals: fit.rating.map((rating) => ({ rating, low: null, high: null, p_top: null })),
			tasks: tasks.length,
			samples: 0,
			level,
		};
	const draw = seededPositions(options.seed);
	const indices = new Int32Array(tasks.length);
	const replicates: number[][] = Array.from({ length: models }, () => []);
	const tops = new Array<number>(models).fill(0);
	for (let sample = 0; sample < options.samples; sample++) {
		draw(indices, tasks.length);
		const outcomes: PairwiseOutcome[] = [];
		for (const index of indices) outcomes.push(...(tasks[index] ?? []));
		const rating = fitBradleyTerry(models, outcomes, options).rating;
		let top = 0;
		rating.forEach((value, model) => {
			replicates[model]?.push(value);
			if (value > (rating[top] as number)) top = model;
		});
		tops[top] = (tops[top] as number) + 1;
	}
	const tail = (1 - level) / 2;
	const intervals = fit.rating.map((rating, model) => {
		const values = replicates[model] ?? [];
		return {
			rating,
			low: percentile(values, 100 * tail),
			high: percentile(values, 100 * (1 - tail)),
			p_top: (tops[model] as number) / options.samples,
		};
	});
	return { fit, intervals, tasks: tasks.length, samples: options.samples, level };
}
