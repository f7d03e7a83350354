import { currencyUnder, type SpecDocument } from "../contract/index.js";
import type { Store, StoredRun, StoredSpec } from "../store/index.js";
import { resolveSpec } from "./current-facts.js";

/** A use case's runs split by whether today's spec still stands behind them. */
export interface CurrentRuns {
	/** The spec snapshot the rows were judged against. */
	readonly spec: StoredSpec;
	/** Its document. */
	readonly document: SpecDocument;
	/** Rows whose cell key equals the key the spec computes for their cell. */
	readonly current: readonly StoredRun[];
	/** Rows of cells whose definition changed since: kept, flagged, never mixed in. */
	readonly stale: number;
}

/**
 * Decides currency from the store alone: a row is current when its cell key equals the key the
 * spec snapshot (the current one of the use case, or `benchmarkVersion`) records for its cell.
 */
export function currentRuns(store: Store, useCaseId: string, benchmarkVersion?: string): CurrentRuns {
	const spec = resolveSpec(store, useCaseId, benchmarkVersion);
	const document = spec.spec as unknown as SpecDocument;
	const isCurrent = currencyUnder(document);
	const current: StoredRun[] = [];
	let stale = 0;
	for (const run of store.listRuns({ use_case_id: useCaseId })) {
		if (isCurrent(run, run.cell_key)) current.push(run);
		else stale += 1;
	}
	return { spec, document, current, stale };
}
