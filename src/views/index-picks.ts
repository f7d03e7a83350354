import { groupKey } from "./group-facts.js";
import type { IndexModel, RoleRow } from "./role-index.js";

/** A model × harness a role's routing answer names, with the figures it was named for. */
export interface RolePick {
	readonly model_id: string;
	readonly harness: string;
	readonly index: number;
	readonly cost_per_task_usd: number | null;
	readonly p50_wall_ms: number | null;
}

/** Index differences this small are rounding, not a difference (tolerance 0 still admits a tie). */
const ROUNDING = 1e-12;

/**
 * A role's routing answer from its rows (best first): the best model one could deploy, and the
 * cheapest and the fastest whose index is within `tolerance` of it. Reference policies are never
 * named; a model with any attempt of unknown cost is never the cheapest (unknown is not 0).
 */
export function rolePicks(
	rows: readonly RoleRow[],
	models: readonly IndexModel[],
	tolerance: number,
): { best: RolePick | null; cheapest: RolePick | null; fastest: RolePick | null; notes: string[] } {
	const notes: string[] = [];
	const byKey = new Map(models.map((model) => [groupKey(model.model_id, model.harness), model]));
	const scored = rows.filter((row) => row.index !== null);
	const candidates = scored.filter((row) => !row.reference);
	const best = candidates[0];
	if (best === undefined) {
		notes.push(
			scored.length > 0
				? "only reference policies have an index here (floor and ceiling lines, never a pick): run a model"
				: "no model has an index for this role yet",
		);
		return { best: null, cheapest: null, fastest: null, notes };
	}
	const within = candidates
		.map((row) => ({ row, model: byKey.get(groupKey(row.model_id, row.harness)) as IndexModel }))
		.filter(({ row }) => (row.index as number) >= (best.index as number) - tolerance - ROUNDING);
	const unpriced = within.filter(({ model }) => model.cost_per_task_usd === null || model.unknown_cost > 0);
	if (unpriced.length > 0)
		notes.push(
			`cost unknown (or partly unknown) for ${unpriced.map(({ row }) => row.model_id).join(", ")}: left out of "cheapest" (set a price in models.yaml)`,
		);
	const lowest = (measure: (model: IndexModel) => number | null, from: typeof within) => {
		let chosen: (typeof within)[number] | null = null;
		for (const item of from) {
			const value = measure(item.model);
			if (value === null) continue;
			const current = chosen === null ? null : (measure(chosen.model) as number);
			// Ties go to the higher index; rows come best first, so the first seen stays.
			if (current === null || value < current) chosen = item;
		}
		return chosen === null ? null : pick(chosen.row, chosen.model);
	};
	return {
		best: pick(best, byKey.get(groupKey(best.model_id, best.harness)) as IndexModel),
		cheapest: lowest(
			(model) => model.cost_per_task_usd,
			within.filter((item) => !unpriced.includes(item)),
		),
		fastest: lowest((model) => model.p50_wall_ms, within),
		notes,
	};
}

function pick(row: RoleRow, model: IndexModel): RolePick {
	return {
		model_id: row.model_id,
		harness: row.harness,
		index: row.index as number,
		cost_per_task_usd: model.cost_per_task_usd,
		p50_wall_ms: model.p50_wall_ms,
	};
}
