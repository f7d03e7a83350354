import { NotFoundError } from "../contract/index.js";
import type { Store } from "../store/index.js";
import { leaderboard } from "./leaderboard.js";
import type { Interval } from "./statistics/index.js";

/** A use case whose deployed model a cheaper good-enough one could replace, with what it would save. */
export interface OffloadCandidate {
	readonly use_case_id: string;
	readonly deployed: { readonly model_id: string; readonly harness: string };
	/** The cheapest good-enough model (the decision's pick). */
	readonly candidate: { readonly model_id: string; readonly harness: string };
	/** The period the saving is projected over; null without a volume snapshot. */
	readonly period: string | null;
	readonly calls: number | null;
	/** Projected saving per period in USD; null when unknown (see `reason`). */
	readonly saving_usd: number | null;
	readonly saving_interval: Interval | null;
	/** Why the saving is unknown; null when it is known. */
	readonly reason: string | null;
}

/**
 * The offload candidates among `useCaseIds` (use cases with a deployed model and a good-enough
 * model that is cheaper, or whose comparison with it is unknown), ordered by projected saving per
 * period, biggest first; those whose saving is unknown come last, by id. Read from each use
 * case's current leaderboard, so the decision and the saving are the ones `leaderboard` shows.
 */
export function offloadCandidates(store: Store, useCaseIds: readonly string[]): OffloadCandidate[] {
	const candidates: OffloadCandidate[] = [];
	for (const useCaseId of useCaseIds) {
		if (store.currentSpec(useCaseId) === null) continue;
		let board: ReturnType<typeof leaderboard>;
		try {
			board = leaderboard(store, useCaseId);
		} catch (error) {
			if (error instanceof NotFoundError) continue;
			throw error;
		}
		const { decision } = board;
		const pick = decision.cheapest_good_enough;
		if (decision.incumbent === null || pick === null) continue;
		const deployed = { model_id: decision.incumbent.model_id, harness: decision.incumbent.harness };
		if (pick.model_id === deployed.model_id && pick.harness === deployed.harness) continue;
		const deployedRow = board.rows.find(
			(row) => row.model_id === deployed.model_id && row.harness === deployed.harness,
		);
		const deployedCost =
			deployedRow !== undefined && deployedRow.unknown_cost === 0 ? deployedRow.cost_per_case_usd : null;
		// Not cheaper is an upgrade, not an offload; a comparison that cannot be made is listed, as unknown.
		if (deployedCost !== null && pick.cost_per_case_usd !== null && pick.cost_per_case_usd >= deployedCost) continue;
		const saving = decision.projected_saving;
		candidates.push({
			use_case_id: useCaseId,
			deployed,
			candidate: { model_id: pick.model_id, harness: pick.harness },
			period: saving?.period ?? null,
			calls: saving?.calls ?? null,
			saving_usd: saving?.saving_usd ?? null,
			saving_interval: saving?.saving_interval ?? null,
			reason:
				saving === null
					? "no volume snapshot of its production traffic (touchstone volume import FILE)"
					: saving.reason,
		});
	}
	return candidates.sort(
		(a, b) =>
			(b.saving_usd ?? Number.NEGATIVE_INFINITY) - (a.saving_usd ?? Number.NEGATIVE_INFINITY) ||
			a.use_case_id.localeCompare(b.use_case_id),
	);
}
