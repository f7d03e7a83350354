import type { Store } from "../store/index.js";
import { currentFacts } from "./current-facts.js";
import { groupKey } from "./group-facts.js";

/** The score metric of the norms record (see the tasks plugin's NORMS_METRIC; views do not import plugins). */
export const NORMS_SCORE_METRIC = "norms";

/** One model × harness's norms column: the mean norms score over its scored passing cells, and how many. */
export interface NormsColumn {
	/** Mean over current rows with a norms score; null when none has one. */
	readonly norms_mean: number | null;
	/** Current rows with a norms score (passing agentic cells whose record is not all N/A): the coverage. */
	readonly norms_n: number;
}

/**
 * The norms column of a task use case's leaderboard, per model × harness, from the same current
 * rows as the headline (a second read with the `norms` metric); empty for any other use case. A
 * mean over cells, not cases: norms describe each passing change, and failed cells have none.
 */
export function normsColumns(
	store: Store,
	useCaseId: string,
	options: { readonly benchmarkVersion?: string | undefined; readonly plugin: string },
): ReadonlyMap<string, NormsColumn> {
	const columns = new Map<string, NormsColumn>();
	if (options.plugin !== "tasks") return columns;
	const { groups } = currentFacts(store, useCaseId, {
		benchmarkVersion: options.benchmarkVersion,
		metric: NORMS_SCORE_METRIC,
	});
	for (const group of groups) {
		let sum = 0;
		for (const [caseId, value] of group.caseMeans) sum += value * (group.caseCounts.get(caseId)?.samples ?? 0);
		columns.set(groupKey(group.model_id, group.harness), {
			norms_mean: group.graded === 0 ? null : sum / group.graded,
			norms_n: group.graded,
		});
	}
	return columns;
}
