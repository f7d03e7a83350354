import type { RunJuryFact } from "./run-facts.js";

/** The jury record of a run from its headline column and its rubric checks' column (see run-facts.ts). */
export function juryFact(headline: string | null, checks: string | null): RunJuryFact | null {
	const own = headline === null ? null : headline === "" ? UNRECORDED_JURY : recordFact(JSON.parse(headline));
	if (checks === null) return own;
	return (JSON.parse(checks) as unknown[]).map(recordFact).reduce(addJuryFacts, own ?? NO_JURY_CALL);
}

/** The record a failed grading kept: its votes count, the run is marked failed, and no score of it can flatter. */
export function failedJuryFact(column: string): RunJuryFact | null {
	const fact = recordFact(JSON.parse(column));
	return fact.recorded ? { ...fact, self_judged: false, failed: true } : null;
}

function recordFact(figures: unknown): RunJuryFact {
	const [cost, votes, unpriced, selfJudged] = figures as [unknown, unknown, unknown, unknown];
	if (typeof votes !== "number") return UNRECORDED_JURY;
	return {
		recorded: true,
		cost_usd: typeof cost === "number" ? cost : null,
		votes,
		unpriced_votes: typeof unpriced === "number" ? unpriced : 0,
		self_judged: Array.isArray(selfJudged) && selfJudged.length > 0,
		failed: false,
	};
}

/** Two jury calls of one run as one: an unrecorded call leaves the run unrecorded (its votes unknown). */
function addJuryFacts(a: RunJuryFact, b: RunJuryFact): RunJuryFact {
	return {
		recorded: a.recorded && b.recorded,
		cost_usd: a.cost_usd === null ? b.cost_usd : b.cost_usd === null ? a.cost_usd : a.cost_usd + b.cost_usd,
		votes: a.votes + b.votes,
		unpriced_votes: a.unpriced_votes + b.unpriced_votes,
		self_judged: a.self_judged || b.self_judged,
		failed: a.failed || b.failed,
	};
}

/** The start of a sum of jury calls, when the headline is no jury's. */
const NO_JURY_CALL: RunJuryFact = {
	recorded: true,
	cost_usd: null,
	votes: 0,
	unpriced_votes: 0,
	self_judged: false,
	failed: false,
};

const UNRECORDED_JURY: RunJuryFact = {
	recorded: false,
	cost_usd: null,
	votes: 0,
	unpriced_votes: 0,
	self_judged: false,
	failed: false,
};
