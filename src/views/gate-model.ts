import { DEFAULT_FLOOR_MISS_TOLERANCE, type SpecDocument } from "../contract/index.js";
import { groupKey } from "./group-facts.js";
import { passAtK, passHatK } from "./statistics/index.js";
import type { TaskFactGroup, TaskFacts, TaskTally } from "./task-facts.js";

/** pass@k or pass^k of a model × harness: the per-task unbiased estimate, averaged over `n` tasks. */
export interface KEstimate {
	/** k: the spec's samples per cell. */
	readonly k: number;
	/** Mean over the tasks with at least k graded samples; null when no task has that many. */
	readonly value: number | null;
	/** Tasks behind `value`. */
	readonly n: number;
}

/**
 * Where a model × harness stands in a task use case's gate model (see README, "The gate model"):
 * every field is null outside task use cases, and on a leaderboard row of any other use case.
 */
export interface GateStanding {
	/**
	 * Whether the model is qualified: true when even counting every unmeasured floor task as a miss
	 * it misses at most the tolerance; false when its measured misses alone exceed it; null when
	 * the unmeasured floor tasks decide it (re-run them), and outside task use cases.
	 */
	readonly qualified: boolean | null;
	/** Floor tasks (tiers easy and standard) of the spec. */
	readonly floor_tasks: number | null;
	/** Floor tasks with a graded attempt whose mean headline is below the task's threshold. */
	readonly floor_misses: number | null;
	/** Floor tasks without any graded attempt (harness errors, grader errors, not run): neither a pass nor a miss. */
	readonly floor_unmeasured: number | null;
	/** Ceiling tasks (tier hard) of the spec, and how many this model passed (mean headline at the threshold). */
	readonly hard_tasks: number | null;
	readonly hard_passes: number | null;
	/** Mean over the frontier tasks it was graded on of the per-task mean score (graded score, or 1/0); null when none. */
	readonly frontier_mean: number | null;
	/** Frontier tasks behind `frontier_mean`. */
	readonly frontier_n: number | null;
	/** 1-based rank among the qualified (hard passes, then frontier mean, then cost); null when unranked. Ties share a rank. */
	readonly rank: number | null;
	/** With samples > 1 in the spec: unbiased pass@k and pass^k (all k pass), k = samples; else null. */
	readonly pass_at_k: KEstimate | null;
	readonly pass_hat_k: KEstimate | null;
}

/** The standing of a row outside task use cases: nothing to say. */
export const NO_GATE_STANDING: GateStanding = {
	qualified: null,
	floor_tasks: null,
	floor_misses: null,
	floor_unmeasured: null,
	hard_tasks: null,
	hard_passes: null,
	frontier_mean: null,
	frontier_n: null,
	rank: null,
	pass_at_k: null,
	pass_hat_k: null,
};

/** What ranking needs beyond the task facts. */
export interface GateOptions {
	/** Reference policies (baseline, gold): given a standing, never a rank. */
	readonly references: ReadonlySet<string>;
	/** The cost ranking breaks ties on, per model × harness; null when unknown (or partly unknown): ranked after known costs. */
	readonly cost: (modelId: string, harness: string) => number | null;
}

/** The tolerance a spec sets: its `floor_miss_tolerance`, or the default for older specs and the default itself. */
export function floorMissTolerance(document: SpecDocument): number {
	return document.floor_miss_tolerance ?? DEFAULT_FLOOR_MISS_TOLERANCE;
}

/**
 * The gate model of a task use case, per model × harness by {@link groupKey}: floor misses against
 * the spec's tolerance, hard passes, the frontier mean, pass@k and pass^k, and the rank among the
 * qualified candidates. Harness errors never count as a miss nor as a pass: a floor task with no
 * graded attempt is unmeasured, and can only ever keep a model from qualifying, never qualify it.
 */
export function gateModel(facts: TaskFacts, options: GateOptions): Map<string, GateStanding> {
	const document = facts.spec.spec as unknown as SpecDocument;
	const tolerance = floorMissTolerance(document);
	const thresholds = new Map(facts.tasks.map((task) => [task.case_id, task.threshold]));
	const count = (kind: string) => facts.tasks.filter((task) => task.kind === kind).length;
	const floorTasks = count("floor");
	const standings = new Map<string, GateStanding>();
	for (const group of facts.groups) {
		const measured = (kind: string) => [...group.tasks.values()].filter((t) => t.kind === kind && t.samples > 0);
		const passes = (tallies: readonly TaskTally[]) =>
			tallies.filter((tally) => tally.score_sum / tally.samples >= (thresholds.get(tally.case_id) ?? 1)).length;
		const floor = measured("floor");
		const misses = floor.length - passes(floor);
		const unmeasured = floorTasks - floor.length;
		const frontier = measured("frontier").map((tally) => tally.score_sum / tally.samples);
		standings.set(groupKey(group.model_id, group.harness), {
			qualified: misses > tolerance ? false : misses + unmeasured <= tolerance ? true : null,
			floor_tasks: floorTasks,
			floor_misses: misses,
			floor_unmeasured: unmeasured,
			hard_tasks: count("ceiling"),
			hard_passes: passes(measured("ceiling")),
			frontier_mean: frontier.length === 0 ? null : frontier.reduce((a, b) => a + b, 0) / frontier.length,
			frontier_n: frontier.length,
			rank: null,
			...passEstimates(group, document.samples),
		});
	}
	return rankQualified(facts.groups, standings, options);
}

/** Ranks the qualified non-reference groups: more hard passes, then a higher frontier mean, then a lower cost. */
function rankQualified(
	groups: readonly TaskFactGroup[],
	standings: Map<string, GateStanding>,
	options: GateOptions,
): Map<string, GateStanding> {
	const ranked = groups
		.map((group) => {
			const key = groupKey(group.model_id, group.harness);
			const standing = standings.get(key) as GateStanding;
			const cost = options.cost(group.model_id, group.harness);
			return {
				key,
				standing,
				cost: cost ?? Number.POSITIVE_INFINITY,
				reference: options.references.has(group.model_id),
			};
		})
		.filter((entry) => entry.standing.qualified === true && !entry.reference);
	const order = (a: (typeof ranked)[number], b: (typeof ranked)[number]) =>
		(b.standing.hard_passes ?? 0) - (a.standing.hard_passes ?? 0) ||
		(b.standing.frontier_mean ?? -1) - (a.standing.frontier_mean ?? -1) ||
		(a.cost === b.cost ? 0 : a.cost < b.cost ? -1 : 1);
	ranked.sort(order);
	ranked.forEach((entry, index) => {
		const previous = ranked[index - 1];
		const rank =
			previous !== undefined && order(previous, entry) === 0
				? (standings.get(previous.key)?.rank as number)
				: index + 1;
		standings.set(entry.key, { ...entry.standing, rank });
	});
	return standings;
}

/** pass@k and pass^k with k = the spec's samples, averaged over the tasks with at least k graded samples. */
function passEstimates(group: TaskFactGroup, k: number): { pass_at_k: KEstimate | null; pass_hat_k: KEstimate | null } {
	if (k <= 1) return { pass_at_k: null, pass_hat_k: null };
	const estimate = (of: (n: number, c: number, k: number) => number | null): KEstimate => {
		const values = [...group.tasks.values()].flatMap((tally) => {
			const value = tally.samples === 0 ? null : of(tally.samples, tally.passes, k);
			return value === null ? [] : [value];
		});
		return {
			k,
			value: values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length,
			n: values.length,
		};
	};
	return { pass_at_k: estimate(passAtK), pass_hat_k: estimate(passHatK) };
}
