import {
	type JsonObject,
	type Juror,
	type JuryPanel,
	type JuryVote,
	type ModelEntry,
	type Score,
	type SelfPreference,
	selfPreference,
} from "../../contract/index.js";

/** Key of the jury's record in the extras of every score it gives. */
export const JURY_RECORD_KEY = "jury";

/** A juror of the panel that shares the candidate's model or family, and which of the two. */
export interface FamilyJuror {
	readonly juror: string;
	readonly reason: SelfPreference;
}

/** Who of the panel grades one candidate, decided by the host from the attempt's model. */
export interface JurySeating {
	/** The jurors asked, in panel order. */
	readonly asked: readonly Juror[];
	/** Jurors left out because the panel sets `exclude_own_family` and they share the candidate's family. */
	readonly excluded: readonly FamilyJuror[];
	/** Jurors asked although they share the candidate's model or family: self-preference. */
	readonly self_judged_by: readonly FamilyJuror[];
}

/**
 * Seats the panel for a candidate: with `exclude_own_family`, the jurors of the candidate's
 * family (see `selfPreference`) are left out; without it they are asked and named in
 * `self_judged_by`. Without a candidate model (a gold patch) every juror is asked.
 */
export function seatJury(panel: JuryPanel, candidate: ModelEntry | undefined): JurySeating {
	const asked: Juror[] = [];
	const excluded: FamilyJuror[] = [];
	const selfJudged: FamilyJuror[] = [];
	for (const juror of panel.jurors) {
		const reason = candidate === undefined ? null : selfPreference(juror.model, candidate);
		if (reason === null) asked.push(juror);
		else if (panel.exclude_own_family === true) excluded.push({ juror: juror.model.id, reason });
		else {
			asked.push(juror);
			selfJudged.push({ juror: juror.model.id, reason });
		}
	}
	return { asked, excluded, self_judged_by: selfJudged };
}

/**
 * The jury's record of one cell, kept in the extras of each of its scores (so whichever metric is
 * the headline carries it): who was asked, left out or self-judging, and what the votes cost.
 * `usage.cost_usd` sums the known costs (null when none is known) and `unpriced_votes` counts
 * the votes whose cost is unknown, so a sum is never passed off as complete.
 */
export function juryRecord(seating: JurySeating, votes: readonly JuryVote[]): JsonObject {
	let cost: number | null = null;
	let unpriced = 0;
	let input: number | null = 0;
	let output: number | null = 0;
	for (const vote of votes) {
		const usage = vote.usage ?? null;
		if (usage?.cost_usd == null) unpriced += 1;
		else cost = (cost ?? 0) + usage.cost_usd;
		input = input === null || usage?.input_tokens == null ? null : input + usage.input_tokens;
		output = output === null || usage?.output_tokens == null ? null : output + usage.output_tokens;
	}
	const seats = (jurors: readonly FamilyJuror[]) => jurors.map(({ juror, reason }) => ({ juror, reason }));
	return {
		asked: seating.asked.map((juror) => juror.model.id),
		excluded: seats(seating.excluded),
		self_judged_by: seats(seating.self_judged_by),
		usage: {
			votes: votes.length,
			unpriced_votes: unpriced,
			cost_usd: votes.length === 0 ? 0 : cost,
			input_tokens: input,
			output_tokens: output,
		},
	};
}

/** The scores with the jury's record added to their extras. */
export function withJuryRecord(scores: readonly Score[], record: JsonObject): Score[] {
	return scores.map((score) => ({ ...score, extras: { ...(score.extras ?? {}), [JURY_RECORD_KEY]: record } }));
}
