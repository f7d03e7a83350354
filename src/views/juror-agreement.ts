import type { JuryVote } from "../contract/index.js";
import type { Store, StoredRun, StoredScore } from "../store/index.js";
import {
	bootstrappedFigures,
	type CalibrationFigure,
	type CalibrationTimings,
	type FigureInput,
} from "./calibration-figure.js";
import { type JurorStanding, jurorStandings } from "./juror-standing.js";
import {
	type CodedValue,
	type KrippendorffMetric,
	krippendorffAlpha,
	krippendorffEstimate,
	noStatistic,
} from "./statistics/index.js";

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

/** How well the jurors agreed with each other, over every current run with stored votes. */
export interface JurorAgreement {
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
	/** Each juror against the rest of the panel (see jurorStandings), by juror id. */
	readonly per_juror: readonly JurorStanding[];
}

/**
 * Krippendorff's alpha per rubric field over the jury votes of `runs` (one unit per run, one value
 * per vote, a failed vote or an absent field a missing value). A run's votes are those stored on
 * its headline score, else on its first score that has any: a jury grader may repeat the same
 * votes on every metric it writes, and each vote must count once.
 */
export function jurorAgreement(
	store: Store,
	runs: readonly StoredRun[],
	scores: ReadonlyMap<string, readonly StoredScore[]>,
	headline: string,
	bootstrap: { readonly samples: number; readonly seed: number; readonly level: number },
	timings?: CalibrationTimings,
): JurorAgreement {
	const started = performance.now();
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
	if (timings !== undefined) timings["juror votes read"] = performance.now() - started;
	const valid = (vote: JuryVote) => vote.fields !== null && (vote.error ?? null) === null;
	const fieldNames = new Set<string>();
	for (const vote of ballots.flat())
		if (valid(vote)) for (const field of Object.keys(vote.fields ?? {})) fieldNames.add(field);
	const fields = [...fieldNames].map((field) => {
		const units = ballots.map((votes) =>
			votes.map((vote): CodedValue => (valid(vote) ? (vote.fields?.[field] ?? null) : null)),
		);
		const kinds = new Set(units.flat().flatMap((value) => (value === null ? [] : [typeof value])));
		const metric: KrippendorffMetric = kinds.has("boolean") ? "nominal" : "interval";
		// Only units with two values or more carry agreement; they are what the bootstrap resamples.
		const pairable = units.filter((unit) => unit.filter((value) => value !== null).length >= 2);
		const mixed = kinds.size > 1;
		const input: FigureInput = {
			name: `juror ${field}`,
			n: pairable.length,
			point: mixed ? noStatistic("the field mixes numbers and booleans") : krippendorffAlpha(pairable, metric),
			resampled: mixed ? () => null : krippendorffEstimate(pairable, metric),
		};
		const values = pairable.reduce((sum, unit) => sum + unit.filter((value) => value !== null).length, 0);
		return { field, metric, input, values };
	});
	const alphas = bootstrappedFigures(
		fields.map((field) => field.input),
		bootstrap,
		timings,
	);
	const votes = ballots.flat();
	return {
		ids: [...new Set(votes.map((vote) => vote.juror))].sort(),
		runs_with_votes: ballots.length,
		votes: votes.length,
		failed_votes: votes.filter((vote) => !valid(vote)).length,
		unreadable_artifacts: unreadable,
		per_juror: jurorStandings(ballots),
		fields: fields.map(
			({ field, metric, values }, index): JurorFieldAgreement => ({
				field,
				metric,
				alpha: alphas[index] as CalibrationFigure,
				values,
			}),
		),
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
