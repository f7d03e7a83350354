import { currencyUnder, NotFoundError, type SpecDocument } from "../contract/index.js";
import type { RunFact, Store, StoredSpec } from "../store/index.js";
import { type FactGroup, FactGroups } from "./group-facts.js";

/** A use case's current runs, folded per model × harness, and what was left out. */
export interface CurrentFacts {
	/** The spec snapshot the rows were judged against. */
	readonly spec: StoredSpec;
	/** Its document. */
	readonly document: SpecDocument;
	/**
	 * One group per model × harness, from one row per current cell: its latest graded row, or,
	 * when every row of the cell is a harness error, its latest harness error (counted, never
	 * averaged).
	 */
	readonly groups: readonly FactGroup[];
	/** Rows of cells whose definition changed since (older versions): kept, flagged, never mixed in. */
	readonly stale: number;
	/** Older rows of a cell that a later row of the same cell replaces (re-runs with --force). */
	readonly superseded: number;
}

/** The spec snapshot a read is judged against: the current one of the use case, or `benchmarkVersion`. */
export function resolveSpec(store: Store, useCaseId: string, benchmarkVersion?: string): StoredSpec {
	const spec = benchmarkVersion === undefined ? store.currentSpec(useCaseId) : store.getSpec(benchmarkVersion);
	if (spec === null || spec.use_case_id !== useCaseId)
		throw new NotFoundError(
			benchmarkVersion === undefined
				? `use case ${useCaseId} has no spec snapshot yet; run it first (touchstone run --use-case ${useCaseId})`
				: `no benchmark version ${benchmarkVersion} for use case ${useCaseId}`,
		);
	return spec;
}

/** Recent answers of the readers below per store, with the stamp of the runs they were read from. */
const remembered = new WeakMap<Store, Map<string, { readonly stamp: string; readonly facts: unknown }>>();
/** Answers kept per store: each holds aggregates per model and case, not rows. */
const REMEMBERED = 12;

/**
 * `compute()`, remembered per store under `key` until the use case's runs change (a new row, or
 * an ingest replacing some), so the pages of a case matrix or a leaderboard after it do not read
 * 500,000 rows again. `key` must name everything the answer depends on besides the runs.
 */
export function rememberedRead<T>(store: Store, useCaseId: string, key: string, compute: () => T): T {
	const { stamp } = store.runsStamp(useCaseId);
	let memory = remembered.get(store);
	if (memory === undefined) {
		memory = new Map();
		remembered.set(store, memory);
	}
	const known = memory.get(key);
	if (known !== undefined && known.stamp === stamp) return known.facts as T;
	const facts = compute();
	memory.delete(key);
	if (memory.size >= REMEMBERED) memory.delete(memory.keys().next().value as string);
	memory.set(key, { stamp, facts });
	return facts;
}

/**
 * Decides currency from the store alone: a row is current when its cell key equals the key the
 * spec snapshot records for its cell (case part, model part, harness part, sample index). Reads
 * lean rows with the value of the spec's headline metric (or `metric`), one pass, remembered
 * until the use case's runs change.
 */
export function currentFacts(
	store: Store,
	useCaseId: string,
	options: { benchmarkVersion?: string | undefined; caseId?: string | undefined; metric?: string } = {},
): CurrentFacts {
	const spec = resolveSpec(store, useCaseId, options.benchmarkVersion);
	const key = JSON.stringify([
		"facts",
		useCaseId,
		spec.benchmark_version,
		options.caseId ?? null,
		options.metric ?? null,
	]);
	return rememberedRead(store, useCaseId, key, () => readCurrentFacts(store, useCaseId, spec, options));
}

/** What {@link visitCurrentFacts} passed over. */
export interface VisitTally {
	/** Rows read: one per cell (see iterateRunFacts). */
	readonly read: number;
	/** Of those, rows of cells whose definition changed since (not visited). */
	readonly stale: number;
}

/**
 * Calls `visit` with every current row of a use case under `document` (one per cell: the row
 * that counts), with the value of `metric` (default the headline); stale rows are counted, not
 * visited. The one loop every reader of current rows folds with.
 */
export function visitCurrentFacts(
	store: Store,
	useCaseId: string,
	document: SpecDocument,
	options: { caseId?: string | undefined; metric?: string | undefined },
	visit: (fact: RunFact) => void,
): VisitTally {
	const isCurrent = currencyUnder(document);
	let stale = 0;
	let read = 0;
	for (const { cell_key, fact } of store.iterateRunFacts(
		useCaseId,
		options.metric ?? document.headline,
		options.caseId,
		// Without a judge panel in the spec no current row was graded by a jury: skip the look-up.
		{ juryChecks: document.judge_panel !== null },
	)) {
		read += 1;
		if (isCurrent(fact, cell_key)) visit(fact);
		else stale += 1;
	}
	return { read, stale };
}

function readCurrentFacts(
	store: Store,
	useCaseId: string,
	spec: StoredSpec,
	options: { caseId?: string | undefined; metric?: string },
): CurrentFacts {
	const document = spec.spec as unknown as SpecDocument;
	const groups = new FactGroups();
	const { read, stale } = visitCurrentFacts(store, useCaseId, document, options, (fact) => groups.add(fact));
	// The store yields one row per cell (see iterateRunFacts): the rest were replaced by re-runs.
	const superseded = options.caseId === undefined ? store.runsStamp(useCaseId).rows - read : 0;
	return { spec, document, groups: groups.finish(), stale, superseded };
}
