import type { JsonObject } from "../contract/index.js";
import type { CalibrationInput, OwnerRatingLabel, Store } from "../store/index.js";
import { BOOTSTRAP_MINIMUM_N, type CalibrationTimings } from "./calibration-figure.js";
import { type CalibrationFigures, calibrationFigures } from "./calibration-figures.js";
import { currentRuns } from "./current-runs.js";
import { type JurorAgreement, jurorAgreement } from "./juror-agreement.js";

/** The rating each owner label stands for when no number is given. */
export const OWNER_LABEL_RATINGS = { ship: 1.0, edit: 0.6, reject: 0.2 } as const satisfies Record<
	OwnerRatingLabel,
	number
>;
/** An owner rating at or above this means "ship" (1.0 and 0.9 do; `edit`'s 0.6 does not). */
export const SHIP_AT_LEAST = 0.8;
/** An owner rating at or below this means "reject" (0.2 and 0.4 do). Between the two is "edit". */
export const REJECT_AT_MOST = 0.4;
/** Confidence level of every interval of the report. */
export const CALIBRATION_LEVEL = 0.95;
/** Resamples and seed used unless told otherwise. */
export const DEFAULT_BOOTSTRAP = { samples: 2000, seed: 1 } as const;

/** What an owner rating means: ship at ≥ {@link SHIP_AT_LEAST}, reject at ≤ {@link REJECT_AT_MOST}, else edit. */
export function ownerVerdict(rating: number): OwnerRatingLabel {
	return rating >= SHIP_AT_LEAST ? "ship" : rating <= REJECT_AT_MOST ? "reject" : "edit";
}

/** Which version to calibrate and how to bootstrap its intervals. */
export interface CalibrationOptions {
	/** The benchmark version whose spec decides which runs are current; default the current one. */
	readonly benchmarkVersion?: string | undefined;
	/** Resamples and seed of every bootstrap interval (same seed, same store: same report). */
	readonly bootstrap: { readonly samples: number; readonly seed: number };
	/** When given, filled with the milliseconds each part took (for the benchmark); the report is the same. */
	readonly timings?: CalibrationTimings | undefined;
}

/** One owner-rated current run next to its jury headline. */
export interface CalibrationItem {
	readonly run_id: string;
	readonly case_id: string;
	readonly model_id: string;
	readonly harness: string;
	readonly sample_index: number;
	/** The owner's latest rating, 0..1. */
	readonly owner: number;
	/** The label the owner gave with it, if any. */
	readonly owner_label: OwnerRatingLabel | null;
	/** What the rating means by the cut-offs (see {@link ownerVerdict}). */
	readonly owner_verdict: OwnerRatingLabel;
	/** The jury's headline value. */
	readonly jury: number;
	/** jury − owner: positive when the jury is kinder than the owner. */
	readonly delta: number;
	/** The case threshold of the spec. */
	readonly threshold: number;
	/** Whether the jury headline reaches the threshold. */
	readonly jury_pass: boolean;
	/** Whether any score of the run tripped a critical gate. */
	readonly critical_failure: boolean;
}

/** The jury's report card on one use case: its headline against the owner's ratings, and jurors against each other. */
export interface CalibrationReport extends CalibrationFigures {
	readonly use_case_id: string;
	readonly benchmark_version: string;
	readonly headline_metric: string;
	/** Owner-rated current runs with a jury headline: the items compared. */
	readonly n: number;
	/** The definitions the figures use, so a stored report reads on its own. */
	readonly definitions: {
		readonly ship_at_least: number;
		readonly reject_at_most: number;
		readonly bootstrap_minimum_n: number;
		readonly bootstrap_samples: number;
		readonly bootstrap_seed: number;
		readonly level: number;
	};
	/** What was in scope and what was left out. */
	readonly scope: {
		/** Current runs of the use case. */
		readonly current_runs: number;
		/** Current runs the owner has not rated. */
		readonly unrated: number;
		/** Rated current runs without a jury headline (harness or grader error): left out. */
		readonly rated_without_headline: number;
		/** Rated runs that are not current (their definition changed since): left out. */
		readonly rated_not_current: number;
	};
	readonly items: readonly CalibrationItem[];
	readonly jurors: JurorAgreement;
}

/**
 * Calibrates the jury of a use case against its owner: over the owner-rated current runs (see
 * {@link currentRuns}), compares the owner's latest rating with the run's headline score, and
 * measures how well the jurors agree per rubric field over every current run with votes. Reads
 * only; with no rated run the report has n = 0 and null figures (the CLI then records nothing).
 */
export function calibrateUseCase(store: Store, useCaseId: string, options: CalibrationOptions): CalibrationReport {
	const started = performance.now();
	const { spec, document, current } = currentRuns(store, useCaseId, options.benchmarkVersion);
	const listed = performance.now();
	const bootstrap = { ...options.bootstrap, level: CALIBRATION_LEVEL };
	const thresholds = new Map(document.cases.map((item) => [item.id, item.threshold]));
	const scores = store.scoresForRuns(current.map((run) => run.run_id));
	const scored = performance.now();
	const ratings = new Map(store.listLatestOwnerRatings(useCaseId).map((rating) => [rating.run_id, rating]));
	const currentIds = new Set(current.map((run) => run.run_id));
	if (options.timings !== undefined) {
		options.timings["current runs read"] = listed - started;
		options.timings["their scores read"] = scored - listed;
		options.timings["owner ratings read"] = performance.now() - scored;
	}
	const items: CalibrationItem[] = [];
	let withoutHeadline = 0;
	for (const run of current) {
		const rating = ratings.get(run.run_id);
		if (rating === undefined) continue;
		const runScores = scores.get(run.run_id) ?? [];
		const jury = runScores.find((score) => score.metric === document.headline)?.value ?? null;
		if (run.status === "harness_error" || jury === null) {
			withoutHeadline += 1;
			continue;
		}
		const threshold = thresholds.get(run.case_id) ?? 1;
		items.push({
			run_id: run.run_id,
			case_id: run.case_id,
			model_id: run.model_id,
			harness: run.harness,
			sample_index: run.sample_index,
			owner: rating.rating,
			owner_label: rating.label,
			owner_verdict: ownerVerdict(rating.rating),
			jury,
			delta: jury - rating.rating,
			threshold,
			jury_pass: jury >= threshold,
			critical_failure: runScores.some((score) => score.critical_failure),
		});
	}
	const decided = items.filter((item) => item.owner_verdict !== "edit");
	const rejected = items.filter((item) => item.owner_verdict === "reject");
	const figures = calibrationFigures(items, decided, rejected, bootstrap, options.timings);
	const timed = performance.now();
	const jurors = jurorAgreement(store, current, scores, document.headline, bootstrap, options.timings);
	if (options.timings !== undefined) options.timings["juror agreement"] = performance.now() - timed;
	return {
		use_case_id: useCaseId,
		benchmark_version: spec.benchmark_version,
		headline_metric: document.headline,
		n: items.length,
		definitions: {
			ship_at_least: SHIP_AT_LEAST,
			reject_at_most: REJECT_AT_MOST,
			bootstrap_minimum_n: BOOTSTRAP_MINIMUM_N,
			bootstrap_samples: options.bootstrap.samples,
			bootstrap_seed: options.bootstrap.seed,
			level: CALIBRATION_LEVEL,
		},
		scope: {
			current_runs: current.length,
			unrated: current.filter((run) => !ratings.has(run.run_id)).length,
			rated_without_headline: withoutHeadline,
			rated_not_current: [...ratings.keys()].filter((runId) => !currentIds.has(runId)).length,
		},
		...figures,
		items,
		jurors,
	};
}

/** The report as a `calibration_results` row. */
export function calibrationInput(report: CalibrationReport): CalibrationInput {
	return {
		use_case_id: report.use_case_id,
		benchmark_version: report.benchmark_version,
		n: report.n,
		// The report is plain data (no undefined, no NaN): the round trip only drops readonly-ness.
		report: JSON.parse(JSON.stringify(report)) as JsonObject,
	};
}
