import type { JuryVote } from "../contract/index.js";
import { wilsonInterval } from "./statistics/index.js";

/**
 * One juror against the rest of its panel, over the same runs: how often it failed to vote, how
 * often its yes/no fields matched the other jurors' majority, and how far its numeric fields sat
 * from the other jurors' mean. Krippendorff's alpha says whether the panel agrees; this says
 * which juror it is that does not.
 */
export interface JurorStanding {
	readonly juror: string;
	/** Runs this juror voted on (a failed vote included). */
	readonly votes: number;
	readonly failed_votes: number;
	/** Yes/no fields where this juror and another voted and the others' majority was not a tie. */
	readonly nominal_n: number;
	/** Share of those where it matched the others' majority; null when nominal_n is 0. */
	readonly nominal_agreement: number | null;
	/** 95 % Wilson interval of nominal_agreement; null when nominal_n is 0. */
	readonly nominal_interval: { readonly low: number; readonly high: number } | null;
	/** Numeric fields where this juror and another voted. */
	readonly numeric_n: number;
	/** Mean |this juror's value − the others' mean| over those, in the fields' own units; null when numeric_n is 0. */
	readonly numeric_mean_abs_difference: number | null;
}

/**
 * Each juror's standing over `ballots` (one list of votes per run). A failed vote (an error or
 * no fields) counts in `failed_votes` and compares nothing; a field compares only where at
 * least one other juror gave a valid value of the same type.
 */
export function jurorStandings(ballots: readonly (readonly JuryVote[])[]): JurorStanding[] {
	const tally = new Map<
		string,
		{ votes: number; failed: number; agreed: number; nominal: number; diff: number; numeric: number }
	>();
	const of = (juror: string) => {
		let entry = tally.get(juror);
		if (entry === undefined) {
			entry = { votes: 0, failed: 0, agreed: 0, nominal: 0, diff: 0, numeric: 0 };
			tally.set(juror, entry);
		}
		return entry;
	};
	for (const ballot of ballots) {
		const valid = ballot.filter((vote) => vote.fields !== null && (vote.error ?? null) === null);
		for (const vote of ballot) {
			const entry = of(vote.juror);
			entry.votes += 1;
			if (!valid.includes(vote)) {
				entry.failed += 1;
				continue;
			}
			for (const [field, value] of Object.entries(vote.fields ?? {})) {
				const others = valid
					.filter((other) => other !== vote && other.juror !== vote.juror)
					.map((other) => other.fields?.[field])
					.filter((other) => typeof other === typeof value);
				if (others.length === 0) continue;
				if (typeof value === "boolean") {
					const yes = others.filter((other) => other === true).length;
					if (yes * 2 === others.length) continue;
					entry.nominal += 1;
					if (value === yes * 2 > others.length) entry.agreed += 1;
				} else {
					const mean = (others as number[]).reduce((sum, other) => sum + other, 0) / others.length;
					entry.numeric += 1;
					entry.diff += Math.abs(value - mean);
				}
			}
		}
	}
	return [...tally.entries()]
		.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
		.map(([juror, entry]) => ({
			juror,
			votes: entry.votes,
			failed_votes: entry.failed,
			nominal_n: entry.nominal,
			nominal_agreement: entry.nominal === 0 ? null : entry.agreed / entry.nominal,
			nominal_interval: entry.nominal === 0 ? null : wilsonInterval(entry.agreed, entry.nominal).interval,
			numeric_n: entry.numeric,
			numeric_mean_abs_difference: entry.numeric === 0 ? null : entry.diff / entry.numeric,
		}));
}
