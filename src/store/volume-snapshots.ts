import { ingestSourceOf, type StoreContext, utcNow, type WriteOptions } from "./context.js";

/** Production traffic of a use case over one period, read from a usage export. */
export interface VolumeSnapshotInput {
	/** The use case whose traffic this is. */
	readonly use_case_id: string;
	/** Start of the period (UTC ISO-8601). */
	readonly period_start: string;
	/** End of the period (UTC ISO-8601). */
	readonly period_end: string;
	/** Model calls in the period, when known. */
	readonly calls: number | null;
	/** Prompt tokens in the period, when known. */
	readonly input_tokens: number | null;
	/** Completion tokens in the period, when known. */
	readonly output_tokens: number | null;
	/** Spend in USD in the period, when known. */
	readonly cost_usd: number | null;
	/** The export the figures were read from, when known. */
	readonly source_file: string | null;
}

/** A stored volume snapshot. */
export interface StoredVolumeSnapshot extends VolumeSnapshotInput {
	/** Row id, increasing in write order. */
	readonly snapshot_id: number;
	/** Source of a federated ingest, null for snapshots recorded here. */
	readonly ingest_source: string | null;
	/** When the row was written (UTC ISO-8601). */
	readonly created_at: string;
}

/** Records a volume snapshot. */
export function recordVolumeSnapshot(
	context: StoreContext,
	input: VolumeSnapshotInput,
	options?: WriteOptions,
): StoredVolumeSnapshot {
	const row = context.statements
		.get(
			`INSERT INTO volume_snapshots (use_case_id, period_start, period_end, calls, input_tokens, output_tokens, cost_usd, source_file, ingest_source, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
		)
		.get(
			input.use_case_id,
			input.period_start,
			input.period_end,
			input.calls,
			input.input_tokens,
			input.output_tokens,
			input.cost_usd,
			input.source_file,
			ingestSourceOf(options),
			utcNow(),
		);
	return row as StoredVolumeSnapshot;
}

/** Volume snapshots of a use case, by period. */
export function listVolumeSnapshots(context: StoreContext, useCaseId: string): StoredVolumeSnapshot[] {
	return context.statements
		.get("SELECT * FROM volume_snapshots WHERE use_case_id = ? ORDER BY period_start, snapshot_id")
		.all(useCaseId) as StoredVolumeSnapshot[];
}
