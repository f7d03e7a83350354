import { BadInputError, type JsonObject } from "../../contract/index.js";
import type { CellRecord, IngestReplacement, SpecSnapshotInput, Store, StoredSpec } from "../../store/index.js";

/** Everything one source brings into one use case: its spec snapshot and its cells, all read before any is written. */
export interface SourceRows {
	readonly use_case_id: string;
	/** The ingest source every row is tagged with. */
	readonly source: string;
	/** The spec the rows are current under; frozen (first write wins), then made current once the rows are in. */
	readonly spec: SpecSnapshotInput;
	readonly cells: readonly CellRecord[];
}

/** What writing a source did. */
export interface SourceWrite {
	readonly use_case_id: string;
	readonly source: string;
	readonly benchmark_version: string;
	/** False when the same spec was already stored (a re-import of an unchanged file). */
	readonly spec_inserted: boolean;
	/** The source's previous rows of the use case that were replaced. */
	readonly deleted: IngestReplacement["deleted"];
	/** Runs written. */
	readonly inserted: number;
}

/**
 * Writes one source's rows into a use case: freezes their spec (tagged with the source), replaces
 * the rows the same source brought in before (the one deletion the store allows; rows recorded
 * here or by another source are never touched), then makes the spec current. A failure before
 * the replacement leaves at most an unused snapshot, which changes no result; the replacement
 * itself is one transaction.
 */
export function writeSource(store: Store, rows: SourceRows): SourceWrite {
	const { spec } = rows;
	const frozen = store.freezeSpec(spec, { ingest_source: rows.source });
	const replaced = store.replaceIngested(rows.use_case_id, rows.source, rows.cells);
	store.activateSpec(rows.use_case_id, spec.benchmark_version);
	return {
		use_case_id: rows.use_case_id,
		source: rows.source,
		benchmark_version: spec.benchmark_version,
		spec_inserted: frozen.inserted,
		deleted: replaced.deleted,
		inserted: replaced.run_ids.length,
	};
}

/**
 * The current spec of `useCaseId` when a source may write into it, refusing one whose rows it
 * would turn stale: `accepts` says which current specs a source may join (an importer: those the
 * same importer made; a federated ingest: the very version it brings), and any other is refused,
 * a use case touchstone itself runs (its spec has no ingest source) above all. Returns null for a
 * use case with no spec yet. `flag` is where the use case id came from, for the error's location.
 */
export function specToExtend(
	store: Store,
	useCaseId: string,
	flag: string,
	accepts: (spec: StoredSpec) => boolean,
): StoredSpec | null {
	const current = store.currentSpec(useCaseId);
	if (current === null) return null;
	if (accepts(current)) return current;
	const held =
		current.ingest_source === null
			? "holds touchstone's own runs"
			: `holds rows of ${describeOwner(current.spec)} (from ${current.ingest_source})`;
	const message = `use case ${useCaseId} ${held}: writing these rows into it would turn its current rows stale`;
	throw new BadInputError(message, [
		{
			source: flag,
			line: null,
			column: null,
			path: useCaseId,
			message,
			fix: `name a use case of its own with ${flag} (one that no run and no other kind of source writes)`,
		},
	]);
}

function describeOwner(spec: JsonObject): string {
	const plugin = spec.plugin;
	return typeof plugin === "string" && plugin !== "" ? plugin : "another spec";
}
