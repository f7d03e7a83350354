import type { CaseRun } from "../store/index.js";

/** How a sample from elsewhere came into this store. */
export const SAMPLE_ORIGIN_KINDS = ["ingest", "import", "tagged"] as const;
export type SampleOriginKind = (typeof SAMPLE_ORIGIN_KINDS)[number];

/**
 * Where an ingested or imported sample came from, as its run's provenance records it: what the
 * inspector shows beside its source so a reader can go back to the original.
 */
export interface SampleOrigin {
	/**
	 * `ingest`: mirrored from another touchstone store (`touchstone ingest`); `import`: read from
	 * another tool's results file (`touchstone import`); `tagged`: a source its provenance does
	 * not describe (written by some other means).
	 */
	readonly kind: SampleOriginKind;
	/** Import: the importer's format (`promptfoo`); null otherwise. */
	readonly format: string | null;
	/** Import: the file read, its path as resolved then and its sha256; null otherwise. */
	readonly file: { readonly path: string; readonly sha256: string } | null;
	/** Ingest: where its definitions live, `SOURCE@<benchmark version>` as the ingest names it; null otherwise. */
	readonly home_repo: string | null;
	/** Ingest: the other store's database as named at the sync; null otherwise. */
	readonly from: string | null;
	/** Ingest: the run's id in that store. */
	readonly foreign_run_id: string | null;
	/** Ingest: when the sync read it (UTC ISO-8601). */
	readonly ingested_at: string | null;
}

/** The origin of a case's run; null for a run this store recorded. */
export function sampleOrigin(run: CaseRun): SampleOrigin | null {
	if (run.ingest_source === null) return null;
	const origin = run.origin;
	const ingested = origin?.ingest_from != null;
	const imported = origin?.import_format != null || origin?.import_file != null;
	return {
		// A run another store had imported and this one ingested is an ingest here, its file still named.
		kind: ingested ? "ingest" : imported ? "import" : "tagged",
		format: origin?.import_format ?? null,
		file: origin?.import_file ?? null,
		home_repo: ingested ? `${run.ingest_source}@${run.benchmark_version}` : null,
		from: origin?.ingest_from ?? null,
		foreign_run_id: origin?.foreign_run_id ?? null,
		ingested_at: origin?.ingested_at ?? null,
	};
}
