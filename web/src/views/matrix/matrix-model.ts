import type { CaseMatrix, MatrixRow } from "../../api/types.js";
import type { ModelRef } from "../../route.js";
import { describeOrigin } from "../../ui/origin-words.js";

/*
 * What the matrix view computes from the API's answer, apart from any drawing: each case's
 * difficulty and disagreement, the orders they sort by, and which columns a focus names.
 */

export type MatrixCell = MatrixRow["cells"][number];
export type MatrixColumn = CaseMatrix["models"][number];

/** The orders the rows can take. */
export const MATRIX_SORTS = ["case", "disagreement", "difficulty"] as const;
export type MatrixSort = (typeof MATRIX_SORTS)[number];

/** What each order is called in the menu. */
export const SORT_LABELS: Readonly<Record<MatrixSort, string>> = {
	case: "case id",
	disagreement: "disagreement between models (most first)",
	difficulty: "difficulty (fewest models passing first)",
};

/** One case's figures across the models that have a pass mark on it. */
export interface CaseStats {
	/** Models with a pass mark (a current, graded cell). */
	readonly marked: number;
	/** Share of those that passed; null when none has a mark. */
	readonly passShare: number | null;
	/**
	 * The variance of the pass marks (p(1 − p): 0 when all agree, 0.25 at an even split), with
	 * the variance of the headlines as a tie-breaker folded in below it; null without two marks.
	 */
	readonly disagreement: number | null;
}

/** {@link CaseStats} of one row. */
export function caseStats(row: MatrixRow): CaseStats {
	let marked = 0;
	let passed = 0;
	let scored = 0;
	let sum = 0;
	let squares = 0;
	for (const cell of row.cells) {
		if (cell === null) continue;
		if (cell.passed !== null) {
			marked++;
			if (cell.passed) passed++;
		}
		if (cell.headline !== null) {
			scored++;
			sum += cell.headline;
			squares += cell.headline * cell.headline;
		}
	}
	const passShare = marked === 0 ? null : passed / marked;
	const headlineVariance = scored < 2 ? 0 : Math.max(0, squares / scored - (sum / scored) ** 2);
	const disagreement =
		marked < 2 || passShare === null ? null : passShare * (1 - passShare) + Math.min(headlineVariance, 1) * 1e-3;
	return { marked, passShare, disagreement };
}

/**
 * The rows' indexes in `sort` order: by case id; by disagreement, highest first; by difficulty,
 * lowest share passing first. Ties (and cases without the figure, which go last) by case id.
 */
export function sortedRows(rows: readonly MatrixRow[], stats: readonly CaseStats[], sort: MatrixSort): number[] {
	const order = rows.map((_row, index) => index);
	const byId = (a: number, b: number) => compareIds(rows[a]?.case_id ?? "", rows[b]?.case_id ?? "");
	if (sort === "case") return order.sort(byId);
	const key = (index: number): number | null => {
		const figures = stats[index];
		if (figures === undefined) return null;
		return sort === "difficulty" ? figures.passShare : figures.disagreement === null ? null : -figures.disagreement;
	};
	return order.sort((a, b) => {
		const ka = key(a);
		const kb = key(b);
		if (ka === null || kb === null) return ka === kb ? byId(a, b) : ka === null ? 1 : -1;
		return ka - kb || byId(a, b);
	});
}

function compareIds(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** The columns a focus names: its model, under its harness or (harness null) every harness. */
export function focusedColumns(columns: readonly MatrixColumn[], focus: ModelRef | null): Set<number> {
	const chosen = new Set<number>();
	if (focus === null) return chosen;
	columns.forEach((column, index) => {
		if (column.model_id === focus.model && (focus.harness === null || column.harness === focus.harness))
			chosen.add(index);
	});
	return chosen;
}

/** Whether any of `columns` failed the case (a pass mark of false). */
export function failsIn(row: MatrixRow, columns: ReadonlySet<number>): boolean {
	for (const index of columns) if (row.cells[index]?.passed === false) return true;
	return false;
}

/** A column's name: the model, and its harness when the matrix has more than one harness. */
export function columnLabel(column: MatrixColumn, showHarness: boolean): string {
	return showHarness ? `${column.model_id} · ${column.harness}` : column.model_id;
}

/** The mark drawn in a cell: ✓ passed, ✗ failed, ? graded without a mark, ! only errors, – no row. */
export function cellMark(cell: MatrixCell): string {
	if (cell === null) return "–";
	if (cell.passed === true) return "✓";
	if (cell.passed === false) return "✗";
	return cell.headline === null && cell.errors > 0 ? "!" : "?";
}

/** What a cell says to a screen reader and in its tooltip. */
export function cellDescription(caseId: string, label: string, cell: MatrixCell): string {
	if (cell === null) return `${caseId}, ${label}: no current row`;
	const verdict = cell.passed === true ? "passed" : cell.passed === false ? "failed" : "no pass mark";
	const headline = cell.headline === null ? "no headline" : `headline ${cell.headline.toFixed(3)}`;
	const errors = cell.errors > 0 ? `, ${cell.errors} error${cell.errors === 1 ? "" : "s"}` : "";
	const origin = describeOrigin(cell);
	return `${caseId}, ${label}: ${verdict}, ${headline}, ${cell.samples} sample${cell.samples === 1 ? "" : "s"}${errors}${origin === null ? "" : `, ${origin}`}`;
}
