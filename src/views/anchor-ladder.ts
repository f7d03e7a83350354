import { LADDER_TIERS, type LadderBound, type LadderBounds, type LadderTier } from "../contract/index.js";
import type { Store } from "../store/index.js";
import { taskFacts } from "./task-facts.js";

/**
 * How far apart two means must be to count as different, and how far past a bound a mean may sit
 * and still count as on it: a mean reached by summing reps (0.1 + 0.2 + 0.9 over 3) lands a few
 * ulps off the decimal it stands for, and an inclusive bound must hold for it.
 */
export const LADDER_EPSILON = 1e-9;

/** One tier's scores as they come in: from its anchor's runs, or from a file. */
export interface LadderTierScores {
	/** The anchor's registry id; null for scores taken from a file. */
	readonly anchor: string | null;
	/** Each graded attempt's score (graded 0..1, or 1/0 for a binary verifier), in sample order. */
	readonly scores: readonly number[];
	/**
	 * Attempts left out: harness errors (never a model failure) and attempts the grader could not
	 * grade, over every current sample of the task (the per-task tally does not split them by sample).
	 */
	readonly excluded: number;
}

/** One tier of a ladder check. */
export interface LadderTierCheck extends LadderTierScores {
	readonly tier: LadderTier;
	/** Mean of the scores; null when there is none (the tier then fails). */
	readonly mean: number | null;
	/** The band the mean had to fall in, both ends inclusive. */
	readonly bound: LadderBound;
	/** Whether the mean fell in it. */
	readonly ok: boolean;
}

/** The outcome of checking a task's anchor means against its ladder. */
export interface LadderCheck {
	/** Per tier, small to large. */
	readonly tiers: readonly LadderTierCheck[];
	/** Whether the means strictly increase small < mid < large (false when one is missing). */
	readonly increasing: boolean;
	/** Whether every tier is in its band and the means increase: the task may be admitted to the frontier tier. */
	readonly admissible: boolean;
	/** Why it is not admissible, one line per failed check; empty when it is. */
	readonly reasons: readonly string[];
}

/**
 * Checks each tier's mean against its band (inclusive at both ends, within {@link LADDER_EPSILON})
 * and that the means strictly increase. Pure arithmetic: the scores come from the store
 * ({@link ladderScores}) or from a file.
 */
export function checkLadder(scores: Readonly<Record<LadderTier, LadderTierScores>>, bounds: LadderBounds): LadderCheck {
	const reasons: string[] = [];
	const tiers = LADDER_TIERS.map((tier): LadderTierCheck => {
		const given = scores[tier];
		const bound = bounds[tier];
		const mean =
			given.scores.length === 0 ? null : given.scores.reduce((sum, value) => sum + value, 0) / given.scores.length;
		const ok = mean !== null && mean >= bound.min - LADDER_EPSILON && mean <= bound.max + LADDER_EPSILON;
		if (mean === null)
			reasons.push(`${tier}: no graded score${given.excluded > 0 ? ` (${given.excluded} excluded)` : ""}`);
		else if (!ok)
			reasons.push(
				mean < bound.min
					? `${tier}: mean ${round(mean)} is below its minimum ${bound.min}`
					: `${tier}: mean ${round(mean)} is above its maximum ${bound.max}`,
			);
		return { tier, ...given, mean, bound, ok };
	});
	let increasing = true;
	for (const [index, upper] of tiers.entries()) {
		const lower = tiers[index - 1];
		if (lower === undefined) continue;
		if (lower.mean === null || upper.mean === null) {
			increasing = false;
			continue;
		}
		if (upper.mean - lower.mean > LADDER_EPSILON) continue;
		increasing = false;
		reasons.push(
			`the means do not strictly increase: ${lower.tier} ${round(lower.mean)} is not below ${upper.tier} ${round(upper.mean)}`,
		);
	}
	return { tiers, increasing, admissible: reasons.length === 0, reasons };
}

/**
 * Each tier's scores on one task from its anchor's current runs in the store (samples
 * `0 .. reps - 1`, through {@link taskFacts}): graded attempts only, with the attempts left out
 * counted. A tier whose anchor never ran has no scores.
 */
export function ladderScores(
	store: Store,
	useCaseId: string,
	taskId: string,
	anchors: Readonly<Record<LadderTier, string>>,
	reps: number,
): Record<LadderTier, LadderTierScores> {
	const facts = taskFacts(store, useCaseId);
	const of = (tier: LadderTier): LadderTierScores => {
		const anchor = anchors[tier];
		const groups = facts.groups.filter((group) => group.model_id === anchor);
		const attempts = groups
			.flatMap((group) => group.attempts)
			.filter((attempt) => attempt.case_id === taskId && attempt.sample_index < reps)
			.sort((a, b) => a.sample_index - b.sample_index);
		const excluded = groups.reduce((sum, group) => {
			const tally = group.tasks.get(taskId);
			return sum + (tally === undefined ? 0 : tally.harness_errors + tally.grader_errors);
		}, 0);
		return { anchor, scores: attempts.map((attempt) => attempt.value), excluded };
	};
	return { small: of("small"), mid: of("mid"), large: of("large") };
}

function round(value: number): string {
	return String(Math.round(value * 1000) / 1000);
}
