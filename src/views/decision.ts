import { type FactGroup, groupKey, pairedDifferences } from "./group-facts.js";
import type { VolumeFigures } from "./latest-volume.js";
import type { LeaderboardRow } from "./leaderboard-row.js";
import { type ProjectedSaving, projectedSaving } from "./projected-saving.js";
import { bootstrapMeanInterval } from "./statistics/index.js";

/** A model × harness the decision names, with the figures it was named for. */
export interface DecisionPick {
	readonly model_id: string;
	readonly harness: string;
	readonly headline: number | null;
	readonly cost_per_case_usd: number | null;
	readonly p50_latency_ms: number | null;
	readonly precision: "limited" | "thorough";
}

/** How far one candidate is from the best, and whether that is good enough. */
export interface DecisionCandidate {
	readonly model_id: string;
	readonly harness: string;
	/** Mean over shared cases of (best − this); 0 for the best itself. */
	readonly gap: number | null;
	/** Upper bound of the 95 % paired bootstrap interval of that gap; null with fewer than two shared cases. */
	readonly gap_upper: number | null;
	/** Cases both this model and the best graded. */
	readonly shared_cases: number;
	/** Within the band with confidence: `gap_upper` ≤ band (the best itself always is). */
	readonly good_enough: boolean;
	/** Within the band by the point estimate only: `gap` ≤ band. */
	readonly good_enough_point: boolean;
}

/**
 * The answer a leaderboard exists for: which model is best, and which is the cheapest and the
 * fastest that are still good enough, with confidence, next to what the point estimates alone
 * would say. Made from thorough rows when there are any (limited rows are not decision-grade).
 */
export interface Decision {
	readonly band: number;
	/** Which rows the decision was made from; null when no row has a headline yet. */
	readonly precision: "limited" | "thorough" | null;
	/** The deployed incumbent, and whether it has current graded rows at all. */
	readonly incumbent: { readonly model_id: string; readonly harness: string; readonly benchmarked: boolean } | null;
	readonly best: DecisionPick | null;
	readonly cheapest_good_enough: DecisionPick | null;
	readonly fastest_good_enough: DecisionPick | null;
	/** The same questions answered by point estimates alone. */
	readonly point_estimate: {
		readonly cheapest_good_enough: DecisionPick | null;
		readonly fastest_good_enough: DecisionPick | null;
	};
	/** Whether the point-estimate answer differs from the answer with confidence. */
	readonly differs: boolean;
	/** Every decision-grade row against the best. */
	readonly candidates: readonly DecisionCandidate[];
	/** What a reader must know: unbenchmarked incumbent, unknown costs, limited rows, disagreements. */
	readonly notes: readonly string[];
	/** Offload: what the cheapest good enough would save per period of production traffic; null without a deployed model or a volume snapshot. */
	readonly projected_saving: ProjectedSaving | null;
}

/** What a decision is made from. */
export interface DecisionInput {
	/** Leaderboard rows, best first. */
	readonly rows: readonly LeaderboardRow[];
	/** The per-case means behind each row, by {@link groupKey}. */
	readonly groups: ReadonlyMap<string, FactGroup>;
	readonly deployed: { readonly model: string; readonly harness: string } | null;
	readonly band: number;
	readonly bootstrap: { readonly samples: number; readonly seed: number; readonly level: number };
	/** The latest period of production traffic (volume snapshots), for the projected saving. */
	readonly volume?: VolumeFigures | null;
}

/** Decides best, cheapest good-enough and fastest good-enough (see {@link Decision}). */
export function decide(input: DecisionInput): Decision {
	const { band } = input;
	// Retired models (touchstone drop) stay on the leaderboard, marked, but are never a pick.
	const rows = input.rows.filter((row) => row.retired !== true);
	const retired = input.rows.filter((row) => row.retired === true && row.headline !== null);
	const notes =
		retired.length === 0 ? [] : [`retired, shown but never picked: ${retired.map((row) => row.model_id).join(", ")}`];
	const incumbent = input.deployed && {
		model_id: input.deployed.model,
		harness: input.deployed.harness,
		benchmarked: input.rows.some(
			(row) => row.model_id === input.deployed?.model && row.harness === input.deployed.harness && row.samples > 0,
		),
	};
	if (incumbent && !incumbent.benchmarked)
		notes.push(
			`the deployed incumbent ${incumbent.model_id} (${incumbent.harness}) has not been benchmarked on this version: run it to compare against production`,
		);
	// Reference policies are floor and ceiling lines, not models one could deploy. On a task use
	// case only the gate model's qualified rows are candidates, and the best is its rank 1.
	const gated = rows.some((row) => row.floor_tasks !== null);
	const graded = rows.filter((row) => row.headline !== null && !row.reference);
	const scored = gated ? graded.filter((row) => row.qualified === true) : graded;
	if (gated) notes.push(...gateNotes(graded));
	const thorough = scored.filter((row) => row.precision === "thorough");
	const pool = thorough.length > 0 ? thorough : scored;
	const precision = pool.length === 0 ? null : thorough.length > 0 ? "thorough" : "limited";
	if (precision === "limited")
		notes.push("no model has a thorough run yet: this decision rests on limited-depth rows (run --depth thorough)");
	else if (scored.length > thorough.length)
		notes.push(
			`limited-depth rows are left out of the decision: ${scored
				.filter((row) => row.precision === "limited")
				.map((row) => row.model_id)
				.join(", ")}`,
		);
	const best = [...pool].sort(
		(a, b) =>
			(a.rank ?? 0) - (b.rank ?? 0) ||
			(b.headline as number) - (a.headline as number) ||
			(a.cost_per_case_usd ?? Number.POSITIVE_INFINITY) - (b.cost_per_case_usd ?? Number.POSITIVE_INFINITY) ||
			a.model_id.localeCompare(b.model_id),
	)[0];
	const references = rows.filter((row) => row.reference && row.headline !== null).map((row) => row.model_id);
	if (best === undefined)
		return {
			band,
			precision,
			incumbent,
			best: null,
			cheapest_good_enough: null,
			fastest_good_enough: null,
			point_estimate: { cheapest_good_enough: null, fastest_good_enough: null },
			differs: false,
			candidates: [],
			notes: [
				...notes,
				gated && graded.length > 0
					? "no model qualifies on the floor yet: nothing to pick"
					: references.length > 0
						? `only reference rows are graded (${references.join(", ")}: floor and ceiling lines, never a pick); run a model to decide`
						: "no graded rows yet",
			],
			projected_saving: projectedSaving({ ...input, volume: input.volume ?? null, candidate: null }),
		};
	const bestGroup = input.groups.get(groupKey(best.model_id, best.harness)) as FactGroup;
	const candidates = pool.map((row) => candidate(row, best, bestGroup, input));
	const isGood = new Map(candidates.map((item) => [groupKey(item.model_id, item.harness), item]));
	const confident = pool.filter((row) => isGood.get(groupKey(row.model_id, row.harness))?.good_enough);
	const point = pool.filter((row) => isGood.get(groupKey(row.model_id, row.harness))?.good_enough_point);
	const unknownCost = confident.filter((row) => row.cost_per_case_usd === null || row.unknown_cost > 0);
	if (unknownCost.length > 0)
		notes.push(
			`cost unknown (or partly unknown) for ${unknownCost.map((row) => row.model_id).join(", ")}: left out of "cheapest" (set a price in models.yaml)`,
		);
	const cheapest = (from: readonly LeaderboardRow[]) =>
		pickMin(
			from.filter((row) => row.cost_per_case_usd !== null && row.unknown_cost === 0),
			(row) => row.cost_per_case_usd as number,
		);
	const fastest = (from: readonly LeaderboardRow[]) =>
		pickMin(
			from.filter((row) => row.p50_latency_ms !== null),
			(row) => row.p50_latency_ms as number,
		);
	const answer = { cheapest: cheapest(confident), fastest: fastest(confident) };
	const pointAnswer = { cheapest: cheapest(point), fastest: fastest(point) };
	const differs = !samePick(answer.cheapest, pointAnswer.cheapest) || !samePick(answer.fastest, pointAnswer.fastest);
	for (const item of candidates)
		if (item.good_enough_point && !item.good_enough)
			notes.push(
				`${item.model_id} is within the band of ${best.model_id} by point estimate (gap ${item.gap?.toFixed(3)}) but not with confidence (upper bound ${item.gap_upper === null ? "unknown" : item.gap_upper.toFixed(3)} > ${band}, ${item.shared_cases} shared cases): run more cases or samples to decide`,
			);
	return {
		band,
		precision,
		incumbent,
		best: toPick(best),
		cheapest_good_enough: answer.cheapest && toPick(answer.cheapest),
		fastest_good_enough: answer.fastest && toPick(answer.fastest),
		point_estimate: {
			cheapest_good_enough: pointAnswer.cheapest && toPick(pointAnswer.cheapest),
			fastest_good_enough: pointAnswer.fastest && toPick(pointAnswer.fastest),
		},
		differs,
		candidates,
		notes,
		projected_saving: projectedSaving({ ...input, volume: input.volume ?? null, candidate: answer.cheapest }),
	};
}

function candidate(row: LeaderboardRow, best: LeaderboardRow, bestGroup: FactGroup, input: DecisionInput) {
	const identity = { model_id: row.model_id, harness: row.harness };
	if (row === best)
		return {
			...identity,
			gap: 0,
			gap_upper: 0,
			shared_cases: row.cases,
			good_enough: true,
			good_enough_point: true,
		} satisfies DecisionCandidate;
	const group = input.groups.get(groupKey(row.model_id, row.harness)) as FactGroup;
	const differences = pairedDifferences(bestGroup, group);
	const gap =
		differences.length === 0 ? null : differences.reduce((total, value) => total + value, 0) / differences.length;
	const interval = bootstrapMeanInterval(differences, input.bootstrap).interval;
	const gap_upper = interval?.high ?? null;
	return {
		...identity,
		gap,
		gap_upper,
		shared_cases: differences.length,
		good_enough: gap_upper !== null && gap_upper <= input.band,
		good_enough_point: gap !== null && gap <= input.band,
	} satisfies DecisionCandidate;
}

/** Why graded candidates of a task use case are left out of its decision: the gate model. */
function gateNotes(rows: readonly LeaderboardRow[]): string[] {
	const out = rows
		.filter((row) => row.qualified === false)
		.map((row) => `${row.model_id} (${row.floor_misses} misses)`);
	const open = rows
		.filter((row) => row.qualified === null)
		.map((row) => `${row.model_id} (${row.floor_unmeasured} unmeasured)`);
	return [
		...(out.length > 0 ? [`not qualified, too many floor misses, left out of the decision: ${out.join(", ")}`] : []),
		...(open.length > 0
			? [
					`qualification undecided, floor tasks without a graded attempt (harness errors) decide it, left out: ${open.join(", ")}; run them again`,
				]
			: []),
	];
}

function pickMin(rows: readonly LeaderboardRow[], measure: (row: LeaderboardRow) => number): LeaderboardRow | null {
	let chosen: LeaderboardRow | null = null;
	for (const row of rows)
		if (
			chosen === null ||
			measure(row) < measure(chosen) ||
			(measure(row) === measure(chosen) && (row.headline ?? 0) > (chosen.headline ?? 0))
		)
			chosen = row;
	return chosen;
}

function samePick(a: LeaderboardRow | null, b: LeaderboardRow | null): boolean {
	return a?.model_id === b?.model_id && a?.harness === b?.harness;
}

function toPick(row: LeaderboardRow): DecisionPick {
	return {
		model_id: row.model_id,
		harness: row.harness,
		headline: row.headline,
		cost_per_case_usd: row.cost_per_case_usd,
		p50_latency_ms: row.p50_latency_ms,
		precision: row.precision,
	};
}
