import type { CaseKind } from "../contract/index.js";
import type { Store } from "../store/index.js";
import { currentFacts } from "./current-facts.js";
import { decodeCursor, encodeCursor, pageSize } from "./page-cursor.js";
import { rowOrigin } from "./row-origin.js";

/** One model × harness on one case. */
export interface MatrixCell {
	readonly model_id: string;
	readonly harness: string;
	/** Mean headline over the case's graded samples; null when none was graded. */
	readonly headline: number | null;
	/** Whether that mean reaches the case threshold; null when there is no headline. */
	readonly passed: boolean | null;
	/** Graded samples behind the mean. */
	readonly samples: number;
	/** Samples lost to the harness or the grader (excluded). */
	readonly errors: number;
	/**
	 * The sources a federated ingest or an import tagged the cell's current rows with, sorted; []
	 * when this store recorded them. A list, not one name: a cell's samples may come from more
	 * than one place (one sample run here, another ingested), and `native_rows` says how many are
	 * this store's.
	 */
	readonly sources: readonly string[];
	/** Of the cell's current rows, those this store recorded itself. */
	readonly native_rows: number;
}

/** One case's row of the matrix. */
export interface MatrixRow {
	readonly case_id: string;
	readonly kind: CaseKind;
	readonly threshold: number;
	/** One entry per column, in column order; null when the model has no current row on this case. */
	readonly cells: readonly (MatrixCell | null)[];
}

/** Case × model headline grid of a use case, a page of cases at a time. */
export interface CaseMatrix {
	readonly use_case_id: string;
	readonly benchmark_version: string;
	readonly headline_metric: string;
	/** The columns: every model × harness with a current row, best headline first. */
	readonly models: readonly { readonly model_id: string; readonly harness: string }[];
	readonly rows: readonly MatrixRow[];
	/** Cases in the spec (all pages). */
	readonly total_cases: number;
	/** Pass it back as `cursor` for the next page; null on the last page. */
	readonly next_cursor: string | null;
	readonly stale_rows: number;
}

/** Builds one page of the case matrix, cases in spec order. */
export function caseMatrix(
	store: Store,
	useCaseId: string,
	options: {
		benchmarkVersion?: string | undefined;
		limit?: number | undefined;
		cursor?: string | null | undefined;
	} = {},
): CaseMatrix {
	const limit = pageSize(options.limit);
	const start = options.cursor === undefined || options.cursor === null ? 0 : decodeCursor(options.cursor);
	const current = currentFacts(store, useCaseId, { benchmarkVersion: options.benchmarkVersion });
	const { spec, document, stale } = current;
	const groups = [...current.groups];
	const overall = (caseMeans: ReadonlyMap<string, number>) =>
		caseMeans.size === 0 ? -1 : [...caseMeans.values()].reduce((sum, value) => sum + value, 0) / caseMeans.size;
	groups.sort((a, b) => overall(b.caseMeans) - overall(a.caseMeans) || a.model_id.localeCompare(b.model_id));
	const pageCases = document.cases.slice(start, start + limit);
	const rows = pageCases.map(
		(item): MatrixRow => ({
			case_id: item.id,
			kind: item.kind,
			threshold: item.threshold,
			cells: groups.map((group) => {
				const counts = group.caseCounts.get(item.id);
				if (counts === undefined) return null;
				const headline = group.caseMeans.get(item.id) ?? null;
				return {
					model_id: group.model_id,
					harness: group.harness,
					headline,
					passed: headline === null ? null : headline >= item.threshold,
					samples: counts.samples,
					errors: counts.errors,
					...rowOrigin(group.caseSources.get(item.id), counts.rows),
				};
			}),
		}),
	);
	const end = start + pageCases.length;
	return {
		use_case_id: useCaseId,
		benchmark_version: spec.benchmark_version,
		headline_metric: document.headline,
		models: groups.map((group) => ({ model_id: group.model_id, harness: group.harness })),
		rows,
		total_cases: document.cases.length,
		next_cursor: end < document.cases.length ? encodeCursor(end) : null,
		stale_rows: stale,
	};
}
