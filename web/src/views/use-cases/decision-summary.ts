import type { Decision, Leaderboard, LeaderboardRow } from "../../api/types.js";

/** One pick of the decision as the one-line summary shows it, with the row it was named from. */
export interface SummaryPick {
	/** `best`, `cheapest` or `fastest` (good enough). */
	readonly role: "best" | "cheapest" | "fastest";
	readonly model_id: string;
	readonly harness: string;
	/** The leaderboard row of the pick (its interval, cases and samples); null if the rows lack it. */
	readonly row: LeaderboardRow | null;
}

/** What the one-line decision of a use case says, read from its leaderboard. */
export interface DecisionSummary {
	/** Best, cheapest and fastest good enough with 95 % confidence, the ones there are. */
	readonly picks: readonly SummaryPick[];
	/** Where the point estimates alone would pick differently: the role and that model. */
	readonly pointDiffers: readonly { readonly role: "cheapest" | "fastest"; readonly model_id: string | null }[];
	/** The decision's notes (why there is no pick, what a reader must know). */
	readonly notes: readonly string[];
	/** Which rows the decision rests on; null when no row has a headline. */
	readonly precision: Decision["precision"];
	/** Model × harness rows on the leaderboard, and how many have a headline. */
	readonly rows: number;
	readonly gradedRows: number;
	/** Cases in the spec, and graded samples over every row. */
	readonly specCases: number;
	readonly samples: number;
	/** Rows of older definitions, left out. */
	readonly staleRows: number;
}

/** The decision of `board` in the shape of the use cases' one-line summary. */
export function decisionSummary(board: Leaderboard): DecisionSummary {
	const { decision } = board;
	const rowOf = (pick: { model_id: string; harness: string }) =>
		board.rows.find((row) => row.model_id === pick.model_id && row.harness === pick.harness) ?? null;
	const picks: SummaryPick[] = [];
	const named = [
		["best", decision.best],
		["cheapest", decision.cheapest_good_enough],
		["fastest", decision.fastest_good_enough],
	] as const;
	for (const [role, pick] of named)
		if (pick !== null) picks.push({ role, model_id: pick.model_id, harness: pick.harness, row: rowOf(pick) });
	const pointDiffers: { role: "cheapest" | "fastest"; model_id: string | null }[] = [];
	if (decision.differs) {
		const pairs = [
			["cheapest", decision.cheapest_good_enough, decision.point_estimate.cheapest_good_enough],
			["fastest", decision.fastest_good_enough, decision.point_estimate.fastest_good_enough],
		] as const;
		for (const [role, confident, point] of pairs)
			if (confident?.model_id !== point?.model_id || confident?.harness !== point?.harness)
				pointDiffers.push({ role, model_id: point?.model_id ?? null });
	}
	return {
		picks,
		pointDiffers,
		notes: decision.notes,
		precision: decision.precision,
		rows: board.rows.length,
		gradedRows: board.rows.filter((row) => row.headline !== null).length,
		specCases: board.spec_cases,
		samples: board.rows.reduce((total, row) => total + row.samples, 0),
		staleRows: board.stale_rows,
	};
}
