import { BadInputError } from "../contract/index.js";
import type { Definitions } from "../definitions/index.js";
import type { Store, StoredVolumeSnapshot, VolumeSnapshotInput } from "../store/index.js";
import { readUsageFile } from "./usage-file.js";

/** What importing a usage file did. */
export interface VolumeImport {
	/** Non-blank lines read. */
	readonly lines: number;
	/** Rollups appended to `volume_snapshots` (each now the figures of its use case and period). */
	readonly appended: readonly StoredVolumeSnapshot[];
	/** Rollups left out because the latest stored snapshot of their use case and period has the same figures. */
	readonly unchanged: readonly VolumeSnapshotInput[];
}

/** A usage file read and checked, ready to import. */
export interface UsageRollups {
	readonly path: string;
	/** Non-blank lines read. */
	readonly lines: number;
	/** One rollup per use case and period. */
	readonly snapshots: readonly VolumeSnapshotInput[];
}

/**
 * Reads a usage file (see readUsageFile) against the use cases of `definitions`. A file with any
 * bad line is refused whole: BadInputError listing every problem, so nothing of it is imported.
 */
export function readUsage(definitions: Definitions, path: string): UsageRollups {
	const read = readUsageFile(
		path,
		definitions.useCases.map((useCase) => useCase.id),
	);
	if (read.issues.length > 0)
		throw new BadInputError(`Nothing was imported from ${path}: every line must be a valid rollup.`, read.issues);
	return { path, lines: read.lines, snapshots: read.snapshots };
}

/**
 * `touchstone volume import FILE`: appends one volume snapshot per use case and period of a read
 * usage file, all in one transaction. Re-importing is safe: a rollup whose figures equal the
 * latest stored snapshot of its use case and period is skipped, and a changed one is appended and
 * replaces it (the latest snapshot of a period counts), so the same file imported twice never
 * doubles the volume.
 */
export function importVolume(store: Store, usage: UsageRollups): VolumeImport {
	const fresh: VolumeSnapshotInput[] = [];
	const unchanged: VolumeSnapshotInput[] = [];
	const stored = new Map<string, StoredVolumeSnapshot[]>();
	for (const snapshot of usage.snapshots) {
		let rows = stored.get(snapshot.use_case_id);
		if (rows === undefined) {
			rows = store.listVolumeSnapshots(snapshot.use_case_id);
			stored.set(snapshot.use_case_id, rows);
		}
		const previous = rows
			.filter((row) => row.period_start === snapshot.period_start && row.period_end === snapshot.period_end)
			.at(-1);
		if (previous !== undefined && sameFigures(previous, snapshot)) unchanged.push(snapshot);
		else fresh.push(snapshot);
	}
	return { lines: usage.lines, appended: store.recordVolumeSnapshots(fresh), unchanged };
}

function sameFigures(a: VolumeSnapshotInput, b: VolumeSnapshotInput): boolean {
	return (
		a.calls === b.calls &&
		a.input_tokens === b.input_tokens &&
		a.output_tokens === b.output_tokens &&
		a.cost_usd === b.cost_usd
	);
}
