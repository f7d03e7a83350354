import type { JsonObject, JuryVote } from "../contract/index.js";
import type { CalibrationInput, OwnerRatingLabel, Store, StoredRun, StoredScore } from "../store/index.js";
import { currentRuns } from "./current-runs.js";
import {
	bootstrapInterval,
	type CodedValue,
	cohenKappa,
	type KrippendorffMetric,
	krippendorffAlpha,
	linConcordance,
	meanAbsoluteDelta,
	noInterval,
	noStatistic,
	rootMeanSquareError,
	type Statistic,
	signedBias,
	spearmanCorrelation,
	statistic,
} from "./statistics/index.js";

/** The rating each owner label stands for when no number is given. */
export const OWNER_LABEL_RATINGS = { ship: 1.0, edit: 0.6, reject: 0.2 } as const satisfies Record<
	OwnerRatingLabel,
	number
>;
/** An owner rating at or above this means "ship" (1.0 and 0.9 do; `edit`'s 0.6 does not). */
export const SHIP_AT_LEAST = 0.8;
/** An owner rating at or below this means "reject" (0.2 and 0.4 do). Between the two is "edit". */
export const REJECT_AT_MOST = 0.4;
/** Fewest items a figure needs before it gets a bootstrap interval: below it, resampling mostly repeats the few items. */
export const BOOTSTRAP_MINIMUM_N = 5;
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
}

/** One figure of the report: its value (or why there is none), its n and its interval (or why there is none). */
export interface CalibrationFigure {
	/** The point estimate; null when the data cannot carry it. */
	readonly value: number | null;
	/** Why `value` is null. */
	readonly reason: string | null;
	/** Items the figure rests on. */
	readonly n: number;
	/** Percentile bootstrap interval at {@link CALIBRATION_LEVEL}; null below {@link BOOTSTRAP_MINIMUM_N} items. */
	readonly interval: { readonly low: number; readonly high: number } | null;
	/** Why `interval` is null. */
	readonly interval_reason: string | null;
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

/** How well the jurors agreed with each other on one rubric field (Krippendorff's alpha). */
export interface JurorFieldAgreement {
	readonly field: string;
	/** `interval` for numeric fields, `nominal` for booleans. */
	readonly metric: KrippendorffMetric;
	/** Alpha: 1 perfect agreement, 0 no better than chance; null when undefined. */
	readonly alpha: CalibrationFigure;
	/** Votes that count (valid votes of runs with at least two of them). */
	readonly values: number;
}

/** The jury's report card on one use case: its headline against the owner's ratings, and jurors against each other. */
export interface CalibrationReport {
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
	readonly mean_absolute_delta: CalibrationFigure;
	/** 1 − mean absolute delta. */
	readonly agreement: CalibrationFigure;
	/** Mean of jury − owner: positive when the jury is kinder. */
	readonly signed_bias: CalibrationFigure;
	readonly rmse: CalibrationFigure;
	readonly spearman: CalibrationFigure;
	readonly lin_concordance: CalibrationFigure;
	/** Owner ship vs reject against jury pass vs fail; edit-rated runs are left out (n counts the rest). */
	readonly cohen_kappa: CalibrationFigure;
	/** Share of owner-rejected runs whose critical gate tripped (n counts the rejected runs). */
	readonly gate_catch_rate: CalibrationFigure;
	readonly items: readonly CalibrationItem[];
	readonly jurors: {
		/** Distinct juror ids seen in the votes. */
		readonly ids: readonly string[];
		/** Current runs (rated or not) with stored jury votes. */
		readonly runs_with_votes: number;
		readonly votes: number;
		/** Votes recorded as failed (unparsable reply, missing field): missing values for alpha. */
		readonly failed_votes: number;
		/** Vote artifacts that could not be read or parsed: left out. */
		readonly unreadable_artifacts: number;
		readonly fields: readonly JurorFieldAgreement[];
	};
}

/**
 * Calibrates the jury of a use case against its owner: over the owner-rated current runs (see
 * {@link currentRuns}), compares the owner's latest rating with the run's headline score, and
 * measures how well the jurors agree per rubric field over every current run with votes. Reads
 * only; with no rated run the report has n = 0 and null figures (the CLI then records nothing).
 */
export function calibrateUseCase(store: Store, useCaseId: string, options: CalibrationOptions): CalibrationReport {
	const { spec, document, current } = currentRuns(store, useCaseId, options.benchmarkVersion);
	const bootstrap = { ...options.bootstrap, level: CALIBRATION_LEVEL };
	const thresholds = new Map(document.cases.map((item) => [item.id, item.threshold]));
	const scores = store.scoresForRuns(current.map((run) => run.run_id));
	const ratings = new Map(store.listLatestOwnerRatings(useCaseId).map((rating) => [rating.run_id, rating]));
	const currentIds = new Set(current.map((run) => run.run_id));
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
	const figure = <T>(sample: readonly T[], estimate: (sample: readonly T[]) => Statistic) =>
		bootstrappedFigure(sample, estimate, bootstrap);
	const paired = (measure: (jury: number[], owner: number[]) => Statistic) => (sample: readonly CalibrationItem[]) =>
		measure(
			sample.map((item) => item.jury),
			sample.map((item) => item.owner),
		);
	const decided = items.filter((item) => item.owner_verdict !== "edit");
	const rejected = items.filter((item) => item.owner_verdict === "reject");
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
		mean_absolute_delta: figure(items, paired(meanAbsoluteDelta)),
		agreement: figure(items, (sample) => {
			const mad = paired(meanAbsoluteDelta)(sample);
			return mad.value === null ? mad : statistic(1 - mad.value);
		}),
		signed_bias: figure(items, paired(signedBias)),
		rmse: figure(items, paired(rootMeanSquareError)),
		spearman: figure(items, paired(spearmanCorrelation)),
		lin_concordance: figure(items, paired(linConcordance)),
		cohen_kappa: figure(decided, (sample) =>
			cohenKappa(
				sample.map((item) => item.owner_verdict === "ship"),
				sample.map((item) => item.jury_pass),
			),
		),
		gate_catch_rate: figure(rejected, (sample) =>
			sample.length === 0
				? noStatistic("no owner-rejected runs")
				: statistic(sample.filter((item) => item.critical_failure).length / sample.length),
		),
		items,
		jurors: jurorAgreement(store, current, scores, document.headline, bootstrap),
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

function bootstrappedFigure<T>(
	items: readonly T[],
	estimate: (sample: readonly T[]) => Statistic,
	bootstrap: { readonly samples: number; readonly seed: number; readonly level: number },
): CalibrationFigure {
	const point = estimate(items);
	const interval =
		items.length < BOOTSTRAP_MINIMUM_N
			? noInterval(`n = ${items.length} is below ${BOOTSTRAP_MINIMUM_N}, too few for a bootstrap interval`)
			: point.value === null
				? noInterval("no point estimate")
				: bootstrapInterval(items, (sample) => estimate(sample).value, bootstrap);
	return {
		value: point.value,
		reason: point.reason,
		n: items.length,
		interval: interval.interval,
		interval_reason: interval.reason,
	};
}

/**
 * Krippendorff's alpha per rubric field over the jury votes of `runs` (one unit per run, one value
 * per vote, a failed vote or an absent field a missing value). A run's votes are those stored on
 * its headline score, else on its first score that has any: a jury grader may repeat the same
 * votes on every metric it writes, and each vote must count once.
 */
function jurorAgreement(
	store: Store,
	runs: readonly StoredRun[],
	scores: ReadonlyMap<string, readonly StoredScore[]>,
	headline: string,
	bootstrap: { readonly samples: number; readonly seed: number; readonly level: number },
): CalibrationReport["jurors"] {
	const ballots: JuryVote[][] = [];
	let unreadable = 0;
	for (const run of runs) {
		const runScores = scores.get(run.run_id) ?? [];
		const sha =
			runScores.find((score) => score.metric === headline)?.jury_votes_sha ??
			runScores.find((score) => score.jury_votes_sha !== null)?.jury_votes_sha ??
			null;
		if (sha === null) continue;
		const votes = readVotes(store, sha);
		if (votes === null) unreadable += 1;
		else ballots.push(votes);
	}
	const valid = (vote: JuryVote) => vote.fields !== null && (vote.error ?? null) === null;
	const fieldNames = new Set<string>();
	for (const vote of ballots.flat())
		if (valid(vote)) for (const field of Object.keys(vote.fields ?? {})) fieldNames.add(field);
	const fields = [...fieldNames].map((field): JurorFieldAgreement => {
		const units = ballots.map((votes) =>
			votes.map((vote): CodedValue => (valid(vote) ? (vote.fields?.[field] ?? null) : null)),
		);
		const kinds = new Set(units.flat().flatMap((value) => (value === null ? [] : [typeof value])));
		const metric: KrippendorffMetric = kinds.has("boolean") ? "nominal" : "interval";
		// Only units with two values or more carry agreement; they are what the bootstrap resamples.
		const pairable = units.filter((unit) => unit.filter((value) => value !== null).length >= 2);
		return {
			field,
			metric,
			alpha: bootstrappedFigure(
				pairable,
				(sample) =>
					kinds.size > 1 ? noStatistic("the field mixes numbers and booleans") : krippendorffAlpha(sample, metric),
				bootstrap,
			),
			values: pairable.reduce((sum, unit) => sum + unit.filter((value) => value !== null).length, 0),
		};
	});
	const votes = ballots.flat();
	return {
		ids: [...new Set(votes.map((vote) => vote.juror))].sort(),
		runs_with_votes: ballots.length,
		votes: votes.length,
		failed_votes: votes.filter((vote) => !valid(vote)).length,
		unreadable_artifacts: unreadable,
		fields,
	};
}

/** The votes stored at `sha`, or null when the artifact is missing, corrupted or not a vote list. */
function readVotes(store: Store, sha: string): JuryVote[] | null {
	try {
		const parsed: unknown = JSON.parse(store.readArtifactText(sha));
		return Array.isArray(parsed) && parsed.every(isVote) ? parsed : null;
	} catch {
		return null;
	}
}

function isVote(value: unknown): value is JuryVote {
	if (typeof value !== "object" || value === null) return false;
	const { juror, fields } = value as { juror?: unknown; fields?: unknown };
	if (typeof juror !== "string") return false;
	if (fields === null) return true;
	return (
		typeof fields === "object" &&
		!Array.isArray(fields) &&
		Object.values(fields).every((field) => typeof field === "number" || typeof field === "boolean")
	);
}
