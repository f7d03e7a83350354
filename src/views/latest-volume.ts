import { volumePeriodLabel } from "../contract/index.js";
import type { Store, StoredVolumeSnapshot } from "../store/index.js";

/** A use case's production traffic over one period, as the latest volume snapshot of that period says. */
export interface VolumeFigures {
	/** `YYYY-MM` for a calendar month, else `YYYY-MM-DD/YYYY-MM-DD` (inclusive days). */
	readonly period: string;
	readonly period_start: string;
	/** Exclusive end (UTC ISO-8601). */
	readonly period_end: string;
	/** Model calls in the period; null when the snapshot does not say. */
	readonly calls: number | null;
	readonly input_tokens: number | null;
	readonly output_tokens: number | null;
	/** When this snapshot was recorded. */
	readonly recorded_at: string;
	/** The usage file it was imported from, when known. */
	readonly source_file: string | null;
}

/**
 * The latest period of a use case's production traffic (the one ending last, then starting last)
 * with the figures of its latest snapshot: for each period the row recorded last counts, so a
 * corrected export re-imported replaces the figures and nothing is counted twice. Null when the
 * use case has no volume snapshot.
 */
export function latestVolume(store: Store, useCaseId: string): VolumeFigures | null {
	let latest: StoredVolumeSnapshot | undefined;
	for (const row of store.listVolumeSnapshots(useCaseId))
		if (
			latest === undefined ||
			row.period_end > latest.period_end ||
			(row.period_end === latest.period_end && row.period_start > latest.period_start) ||
			(row.period_end === latest.period_end &&
				row.period_start === latest.period_start &&
				row.snapshot_id > latest.snapshot_id)
		)
			latest = row;
	if (latest === undefined) return null;
	return {
		period: volumePeriodLabel({ start: latest.period_start, end: latest.period_end }),
		period_start: latest.period_start,
		period_end: latest.period_end,
		calls: latest.calls,
		input_tokens: latest.input_tokens,
		output_tokens: latest.output_tokens,
		recorded_at: latest.created_at,
		source_file: latest.source_file,
	};
}
