import type { CellOutcome } from "./execute-cell.js";

/** What the executed cells of one invocation add up to. */
export interface Tally {
	executed: number;
	readonly statuses: Record<string, number>;
	graderErrors: number;
	cost: number;
	unknownCost: number;
}

export function emptyTally(): Tally {
	return { executed: 0, statuses: {}, graderErrors: 0, cost: 0, unknownCost: 0 };
}

/** Adds a written cell to the tally; an abandoned one (no run) adds nothing. */
export function countOutcome(tally: Tally, outcome: CellOutcome): void {
	if (outcome.run_id === null) return;
	tally.executed += 1;
	tally.statuses[outcome.attempt.status] = (tally.statuses[outcome.attempt.status] ?? 0) + 1;
	if (outcome.grader_error !== null) tally.graderErrors += 1;
	const cellCost = outcome.attempt.telemetry.cost_usd;
	if (cellCost === null) tally.unknownCost += 1;
	else tally.cost += cellCost;
}
