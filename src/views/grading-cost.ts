import { addJuryTallies, type FactGroup } from "./group-facts.js";

/** What the jury's grading of a use case's current rows cost, beside what the candidates cost. */
export interface GradingCost {
	/** Sum of the known juror costs, in USD; null when no vote's cost is known. A lower bound when votes are unpriced. */
	readonly cost_usd: number | null;
	/** Votes asked for over the current rows. */
	readonly votes: number;
	/** Votes whose cost is unknown (an unpriced juror, a failed call). */
	readonly unpriced_votes: number;
	/** Current rows graded by a jury. */
	readonly rows: number;
	/** Of those, rows stored before jurors' usage was recorded (their votes are not counted at all). */
	readonly unrecorded_rows: number;
	/** Of those, rows whose jury missed its quorum (a grader error, no score): the votes they paid for are counted. */
	readonly failed_rows: number;
	/** The candidates' known cost over all current rows (the sum of the rows' `cost_usd`); null when none is known. */
	readonly candidates_cost_usd: number | null;
	/** Current rows whose candidate cost is unknown: when > 0, `candidates_cost_usd` is a lower bound. */
	readonly candidates_unknown_cost: number;
}

/** What the jury's grading of the current rows cost beside the candidates' cost; null when no row was graded by a jury. */
export function gradingCost(
	groups: readonly FactGroup[],
	rows: readonly { readonly cost_usd: number | null; readonly unknown_cost: number }[],
): GradingCost | null {
	const jury = addJuryTallies(groups.map((group) => group.jury));
	if (jury.rows === 0) return null;
	const candidateCosts = rows.flatMap((row) => (row.cost_usd === null ? [] : [row.cost_usd]));
	return {
		cost_usd: jury.cost_usd,
		votes: jury.votes,
		unpriced_votes: jury.unpriced_votes,
		rows: jury.rows,
		unrecorded_rows: jury.unrecorded_rows,
		failed_rows: jury.failed_rows,
		candidates_cost_usd: candidateCosts.length === 0 ? null : sum(candidateCosts),
		candidates_unknown_cost: sum(rows.map((row) => row.unknown_cost)),
	};
}

function sum(values: readonly number[]): number {
	let total = 0;
	for (const value of values) total += value;
	return total;
}
