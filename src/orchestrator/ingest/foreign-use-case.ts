import { currencyUnder, type SpecDocument } from "../../contract/index.js";
import type { Store, StoredRun, StoredScore, StoredSpec } from "../../store/index.js";

/** What a federated ingest mirrors of one use case of another store: its current spec and the rows current under it. */
export interface ForeignUseCase {
	/** The other store's current spec of the use case. */
	readonly spec: StoredSpec;
	/**
	 * Its runs current under that spec (the read layer's test: cell key equal to the one the spec
	 * gives the cell), every one of them: harness errors and re-runs of a cell included, so the
	 * leaderboard here counts and supersedes them as there. Runs the other store itself ingested
	 * are here only when asked for (`includeIngested`).
	 */
	readonly runs: readonly StoredRun[];
	/** The scores of each of `runs`. */
	readonly scores: ReadonlyMap<string, readonly StoredScore[]>;
	/** Current runs left out because the other store ingested them from a third source. */
	readonly left_out_ingested: number;
	/** Rows there of older definitions (not current), never mirrored. */
	readonly stale: number;
}

/**
 * Reads one use case of another store, in one read transaction so that a writer there meanwhile
 * (a run in progress) cannot hand over a run without its scores. Null when it has no current spec.
 */
export function readForeignUseCase(foreign: Store, useCaseId: string, includeIngested: boolean): ForeignUseCase | null {
	return foreign.database.transaction(() => {
		const spec = foreign.currentSpec(useCaseId);
		if (spec === null) return null;
		const isCurrent = currencyUnder(spec.spec as unknown as SpecDocument);
		const runs: StoredRun[] = [];
		let stale = 0;
		let leftOut = 0;
		for (const run of foreign.listRuns({ use_case_id: useCaseId })) {
			if (!isCurrent(run, run.cell_key)) stale += 1;
			else if (run.ingest_source !== null && !includeIngested) leftOut += 1;
			else runs.push(run);
		}
		const scores = foreign.scoresForRuns(runs.map((run) => run.run_id));
		return { spec, runs, scores, left_out_ingested: leftOut, stale };
	})();
}

/** Use cases of another store with a current spec, sorted; read without parsing every snapshot. */
export function foreignUseCases(foreign: Store): string[] {
	return [...foreign.specVersionCounts().keys()].filter((id) => foreign.currentSpec(id) !== null).sort();
}
