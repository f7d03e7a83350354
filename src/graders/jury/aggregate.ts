import type { JsonObject, JuryVote, Score } from "../../contract/index.js";
import { type CriticalFailureRule, criticalFailureRules, type JuryRubric } from "./rubric.js";

/** Metric name of the jury's headline: the weighted composite after the gate. */
export const JURY_COMPOSITE_METRIC = "composite";

/** The mean of some numbers; NaN for none. */
export function mean(values: readonly number[]): number {
	return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Population standard deviation (divides by n, not n − 1: the panel is the whole population). */
export function populationStdev(values: readonly number[]): number {
	const center = mean(values);
	return Math.sqrt(mean(values.map((value) => (value - center) ** 2)));
}

/** Majority vote: true only when more than half of the votes are true, so a tie is false. */
export function majority(values: readonly boolean[]): boolean {
	return values.filter(Boolean).length * 2 > values.length;
}

/**
 * How sure the jury is of a value, from 0 to 1:
 *
 *     confidence = clamp(1 − 2 × disagreement, 0, 1) × valid votes / jurors on the panel
 *
 * `disagreement` is a population standard deviation of values in 0..1 (or of 0/1 gate votes),
 * which is at most 0.5, so unanimous jurors give 1 and a panel split between 0 and 1 gives 0. For
 * the composite it is the mean of the numeric fields' disagreements. The second factor lowers
 * the confidence of a grade that some jurors failed to give (one valid vote out of two can show
 * no disagreement, but it is half the evidence).
 */
export function juryConfidence(disagreement: number, validVotes: number, panelSize: number): number {
	const agreement = Math.min(1, Math.max(0, 1 - 2 * disagreement));
	return panelSize === 0 ? 0 : agreement * (validVotes / panelSize);
}

/** What the aggregation needs besides the votes. */
export interface AggregationContext {
	/** The rubric the votes answer. */
	readonly rubric: JuryRubric;
	/** Jurors on the panel, valid or not. */
	readonly panelSize: number;
	/** Stamped on every score. */
	readonly judgePanelVersion: string;
	/** Grader id and version, e.g. `jury@1`. */
	readonly graderVersion: string;
}

/**
 * Turns the votes into scores: one `absolute` score per numeric field (the mean of the valid
 * votes), one `boolean` score per gate (the majority; a tie is false, so a split panel does not
 * trip a gate, and the split shows as disagreement), and the headline `composite`: the weighted
 * mean of the numeric means, capped at the critical-failure cap when its gate trips (the lowest
 * cap when several capped gates trip; then
 * `critical_failure: true` and `gate_meta: { gate, cap, votes: { juror: its gate vote }, uncapped }`;
 * otherwise `gate_meta` is null). Failed votes count toward nothing but are kept on every score.
 * The caller checks the quorum first.
 */
export function aggregateVotes(votes: readonly JuryVote[], context: AggregationContext): Score[] {
	const { rubric } = context;
	const valid = votes.filter((vote): vote is JuryVote & { fields: Record<string, number | boolean> } => {
		return vote.error === null && vote.fields !== null;
	});
	const failedNote = describeFailed(votes);
	const base = (metric: string): Omit<Score, "score_type" | "value" | "value_label" | "reasoning"> => ({
		metric,
		jury_votes: votes,
		inter_judge_disagreement: null,
		confidence: null,
		critical_failure: false,
		gate_meta: null,
		grader_version: context.graderVersion,
		judge_panel_version: context.judgePanelVersion,
		extras: null,
	});
	const confidence = (disagreement: number) => juryConfidence(disagreement, valid.length, context.panelSize);

	const means: Record<string, number> = {};
	const disagreements: number[] = [];
	const scores: Score[] = [];
	for (const name of Object.keys(rubric.numeric)) {
		const values = valid.map((vote) => vote.fields[name] as number);
		const value = mean(values);
		const disagreement = populationStdev(values);
		means[name] = value;
		disagreements.push(disagreement);
		const listed = valid.map((vote) => `${round(vote.fields[name] as number)} (${vote.juror})`).join(", ");
		scores.push({
			...base(name),
			score_type: "absolute",
			value,
			value_label: round(value),
			inter_judge_disagreement: disagreement,
			confidence: confidence(disagreement),
			reasoning: `mean of ${plural(valid.length, "valid vote")}: ${listed} = ${round(value)}${failedNote}`,
		});
	}

	const tripped: Record<string, boolean> = {};
	for (const name of Object.keys(rubric.gates)) {
		const values = valid.map((vote) => vote.fields[name] as boolean);
		const verdict = majority(values);
		tripped[name] = verdict;
		const disagreement = populationStdev(values.map(Number));
		const trueVotes = values.filter(Boolean).length;
		const tie = trueVotes * 2 === values.length && trueVotes > 0;
		scores.push({
			...base(name),
			score_type: "boolean",
			value: verdict ? 1 : 0,
			value_label: String(verdict),
			inter_judge_disagreement: disagreement,
			confidence: confidence(disagreement),
			reasoning: `${name} is ${verdict}: ${trueVotes} of ${plural(values.length, "valid vote")} said true${
				tie ? " (a tie counts as false)" : ""
			}${failedNote}`,
		});
	}

	const weighted = Object.entries(rubric.numeric).filter(([, field]) => field.weight > 0);
	const total = weighted.reduce((sum, [, field]) => sum + field.weight, 0);
	const uncapped = weighted.reduce((sum, [name, field]) => sum + field.weight * (means[name] ?? 0), 0) / total;
	const rules = criticalFailureRules(rubric);
	const trippedRules = rules.filter((candidate) => tripped[candidate.gate] === true);
	// With several capped gates tripped, the lowest cap applies.
	const rule = trippedRules.reduce<CriticalFailureRule | null>(
		(lowest, candidate) => (lowest === null || candidate.cap < lowest.cap ? candidate : lowest),
		null,
	);
	const critical = rule !== null;
	const value = rule !== null ? Math.min(uncapped, rule.cap) : uncapped;
	const disagreement = mean(disagreements);
	const terms = weighted
		.map(([name, field]) => `${round(field.weight)}×${name}(${round(means[name] ?? 0)})`)
		.join(" + ");
	const gateVotes = (gate: string): JsonObject =>
		Object.fromEntries(valid.map((vote) => [vote.juror, vote.fields[gate] as boolean]));
	const capNote =
		rules.length === 0
			? ""
			: rule !== null
				? `; ${trippedRules.map((tripped) => tripped.gate).join(", ")} tripped, so capped at ${round(rule.cap)}`
				: `; ${rules.map((untripped) => untripped.gate).join(", ")} did not trip`;
	scores.push({
		...base(JURY_COMPOSITE_METRIC),
		score_type: "absolute",
		value,
		value_label: critical && value < uncapped ? `${round(value)} (capped)` : round(value),
		inter_judge_disagreement: disagreement,
		confidence: confidence(disagreement),
		critical_failure: critical,
		gate_meta: rule !== null ? { gate: rule.gate, cap: rule.cap, votes: gateVotes(rule.gate), uncapped } : null,
		reasoning: `weighted mean (${terms}) / ${round(total)} = ${round(uncapped)}${capNote}. ${summarizeVotes(votes)}`,
		extras: {
			weights: Object.fromEntries(weighted.map(([name, field]) => [name, field.weight / total])),
			juror_composites: Object.fromEntries(
				valid.map((vote) => [
					vote.juror,
					weighted.reduce((sum, [name, field]) => sum + field.weight * (vote.fields[name] as number), 0) / total,
				]),
			),
			valid_votes: valid.length,
			panel_size: context.panelSize,
		},
	});
	return scores;
}

/** One line per juror: its rationale, or why its vote failed. */
export function summarizeVotes(votes: readonly JuryVote[]): string {
	return votes
		.map((vote) =>
			vote.error === null ? `${vote.juror}: ${vote.rationale ?? ""}` : `${vote.juror} (failed vote): ${vote.error}`,
		)
		.join(" | ");
}

function describeFailed(votes: readonly JuryVote[]): string {
	const failed = votes.filter((vote) => vote.error !== null).map((vote) => vote.juror);
	return failed.length === 0 ? "" : `; ${plural(failed.length, "failed vote")} left out (${failed.join(", ")})`;
}

function plural(count: number, noun: string): string {
	return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** A number for reasoning text: at most three decimals. */
export function round(value: number): string {
	return String(Math.round(value * 1000) / 1000);
}
