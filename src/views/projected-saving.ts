import { type FactGroup, groupKey } from "./group-facts.js";
import type { VolumeFigures } from "./latest-volume.js";
import { bootstrapMeanInterval, type Interval } from "./statistics/index.js";

/**
 * What replacing the deployed model by the cheapest good-enough one would save over one period
 * of production traffic: the calls of the latest period × the paired mean, over the cases both
 * ran, of (deployed − candidate) cost of one attempt, with the paired bootstrap interval of that
 * mean scaled the same way. Unknown is null with the reason, never 0.
 */
export interface ProjectedSaving {
	/** The period projected over: the latest volume snapshot's, e.g. `2026-11`. */
	readonly period: string;
	/** Calls in that period; null when the snapshot does not say. */
	readonly calls: number | null;
	readonly deployed: { readonly model_id: string; readonly harness: string };
	/** The cheapest good-enough model; null when there is none. */
	readonly candidate: { readonly model_id: string; readonly harness: string } | null;
	/** Mean over shared cases of (deployed − candidate) cost of one attempt, in USD; null when unknown. */
	readonly per_call_usd: number | null;
	/** Cases both models ran: the sample behind the mean. */
	readonly shared_cases: number;
	/** `calls` × `per_call_usd`, in USD per period; null when unknown. */
	readonly saving_usd: number | null;
	/** The paired bootstrap interval of the per-call difference, × calls; null with fewer than two shared cases. */
	readonly saving_interval: Interval | null;
	/** Why `saving_usd` is unknown; null when it is known. */
	readonly reason: string | null;
}

/** Whether the saving's candidate is the deployed model itself: nothing to offload to (a saving of none, not an unknown one). */
export function replacesItself(saving: ProjectedSaving): boolean {
	return (
		saving.candidate?.model_id === saving.deployed.model_id && saving.candidate.harness === saving.deployed.harness
	);
}

/** What a projected saving is made from. */
export interface SavingInput {
	readonly deployed: { readonly model: string; readonly harness: string } | null;
	/** The decision's cheapest good-enough pick. */
	readonly candidate: { readonly model_id: string; readonly harness: string } | null;
	readonly groups: ReadonlyMap<string, FactGroup>;
	readonly volume: VolumeFigures | null;
	readonly bootstrap: { readonly samples: number; readonly seed: number; readonly level: number };
}

/** The projected saving (see {@link ProjectedSaving}); null when there is no deployed model or no volume snapshot. */
export function projectedSaving(input: SavingInput): ProjectedSaving | null {
	const { deployed, candidate, volume } = input;
	if (deployed === null || volume === null) return null;
	const base = {
		period: volume.period,
		calls: volume.calls,
		deployed: { model_id: deployed.model, harness: deployed.harness },
		candidate: candidate && { model_id: candidate.model_id, harness: candidate.harness },
	};
	const unknown = (reason: string, shared_cases = 0): ProjectedSaving => ({
		...base,
		per_call_usd: null,
		shared_cases,
		saving_usd: null,
		saving_interval: null,
		reason,
	});
	if (candidate === null) return unknown("no model is good enough with a known cost (see the decision)");
	if (candidate.model_id === deployed.model && candidate.harness === deployed.harness)
		return unknown("the deployed model is itself the cheapest good enough: nothing cheaper to offload to");
	const deployedGroup = input.groups.get(groupKey(deployed.model, deployed.harness));
	if (deployedGroup === undefined)
		return unknown(
			`the deployed model ${deployed.model} has no current rows on this version: run it to know what it costs`,
		);
	const candidateGroup = input.groups.get(groupKey(candidate.model_id, candidate.harness)) as FactGroup;
	const shared = [...deployedGroup.caseCosts.keys()].filter((caseId) => candidateGroup.caseCosts.has(caseId)).sort();
	if (shared.length === 0) return unknown(`${deployed.model} and ${candidate.model_id} ran no case in common`);
	for (const [group, name] of [
		[deployedGroup, deployed.model],
		[candidateGroup, candidate.model_id],
	] as const) {
		const missing = shared.filter((caseId) => group.caseCosts.get(caseId) === null).length;
		if (missing > 0)
			return unknown(
				`the cost of ${name} is unknown on ${missing} of the ${shared.length} shared cases (set a price in models.yaml)`,
				shared.length,
			);
	}
	if (volume.calls === null) return unknown(`the volume snapshot of ${volume.period} has no call count`, shared.length);
	const differences = Float64Array.from(
		shared,
		(caseId) => (deployedGroup.caseCosts.get(caseId) as number) - (candidateGroup.caseCosts.get(caseId) as number),
	);
	let total = 0;
	for (const value of differences) total += value;
	const perCall = total / differences.length;
	const interval = bootstrapMeanInterval(differences, input.bootstrap).interval;
	const calls = volume.calls;
	return {
		...base,
		per_call_usd: perCall,
		shared_cases: shared.length,
		saving_usd: calls * perCall,
		saving_interval: interval && { low: calls * interval.low, high: calls * interval.high },
		reason: null,
	};
}
