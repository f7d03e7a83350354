// Pure functions and types only (the store's are erased): the dashboard imports the wordings too.
import type { UseCaseAggregateCounts, UseCaseRunCounts } from "../store/index.js";

/**
 * Where the rows behind a figure came from: the sources a federated ingest or an import tagged
 * them with, and how many this store recorded itself. Every view labels its rows with it, so an
 * ingested or imported result never passes for one made here.
 */
export interface RowOrigin {
	/** Distinct sources of the rows, sorted (code-unit order: the same on every machine); [] when this store recorded every one. */
	readonly sources: readonly string[];
	/** Of the rows, those this store recorded (no ingest source). */
	readonly native_rows: number;
}

/** The sources behind some rows, sorted (code-unit order: the same on every machine), and how many of the rows this store recorded. */
export function rowOrigin(sources: ReadonlyMap<string, number> | undefined, rows: number): RowOrigin {
	if (sources === undefined || sources.size === 0) return { sources: [], native_rows: rows };
	let tagged = 0;
	for (const count of sources.values()) tagged += count;
	return { sources: [...sources.keys()].sort(), native_rows: rows - tagged };
}

/** The sources behind everything the store holds of a use case: its runs' and its aggregate rows', sorted. */
export function storedSources(
	runs: UseCaseRunCounts | undefined,
	aggregates: UseCaseAggregateCounts | undefined,
): string[] {
	return [...new Set([...(runs?.sources ?? []), ...(aggregates?.sources ?? [])])].sort();
}

/**
 * An origin in words, for the faces that print one: `from lab`, or `from lab + 4 rows recorded
 * here` when some are this store's own; null when this store recorded every row.
 */
export function describeOrigin(origin: RowOrigin): string | null {
	if (origin.sources.length === 0) return null;
	const from = `from ${origin.sources.join(", ")}`;
	if (origin.native_rows === 0) return from;
	return `${from} + ${origin.native_rows} row${origin.native_rows === 1 ? "" : "s"} recorded here`;
}

/** How every face marks an aggregate row: `aggregate from lab, 12 cases` (`cases unknown` when the summary does not say). */
export function aggregateMark(row: { readonly source: string; readonly cases: number | null }): string {
	return `aggregate from ${row.source}, ${row.cases === null ? "cases unknown" : `${row.cases} case${row.cases === 1 ? "" : "s"}`}`;
}
