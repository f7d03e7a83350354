// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid places each cell absolutely, which table elements do not allow; the ARIA grid roles say what it is.
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid is one tab stop whose active cell aria-activedescendant names (the ARIA grid pattern); cells are not focusable themselves.
import { Component } from "preact";
import type { MatrixRow } from "../../api/types.js";
import { headlineColour } from "./matrix-colour.js";
import { cellDescription, cellMark, type MatrixCell } from "./matrix-model.js";

/** One drawn row of the grid: its case, where it sits, and which of its cells are in view. */
export interface MatrixRowProps {
	readonly data: MatrixRow;
	/** Its position in the shown order (0 is the first row under the header). */
	readonly index: number;
	readonly top: number;
	readonly width: number;
	readonly rowHeader: number;
	/** The columns in view, and each one's left edge. */
	readonly columns: readonly { readonly index: number; readonly start: number }[];
	/** Stands for `columns` by value: equal keys, equal columns. */
	readonly columnsKey: string;
	readonly labels: readonly string[];
	readonly focused: ReadonlySet<number>;
	/** The active cell's column when the active cell is in this row; -1 otherwise. */
	readonly activeColumn: number;
}

/**
 * A row of the matrix, redrawn only when something it shows changed: while the grid scrolls
 * down, the rows already on screen are skipped and only those scrolling in are built.
 */
export class MatrixRowView extends Component<MatrixRowProps> {
	override shouldComponentUpdate(next: MatrixRowProps): boolean {
		const now = this.props;
		return (
			next.data !== now.data ||
			next.index !== now.index ||
			next.top !== now.top ||
			next.width !== now.width ||
			next.rowHeader !== now.rowHeader ||
			next.columnsKey !== now.columnsKey ||
			next.labels !== now.labels ||
			next.focused !== now.focused ||
			next.activeColumn !== now.activeColumn
		);
	}

	override render() {
		const { data, index, top, width, rowHeader, columns, labels, focused, activeColumn } = this.props;
		return (
			<div
				role="row"
				aria-rowindex={index + 2}
				class="matrix-row"
				data-row={index}
				style={`top: ${top}px; width: ${width}px`}
			>
				<div
					class="matrix-case"
					role="rowheader"
					aria-colindex={1}
					style={`width: ${rowHeader}px`}
					title={`${data.case_id} · ${data.kind} · threshold ${data.threshold}`}
				>
					<span class="matrix-case-id">{data.case_id}</span>
					<span class="matrix-kind">{data.kind}</span>
				</div>
				{columns.map((column) =>
					cell(
						data,
						index,
						column.index,
						column.start,
						labels[column.index] ?? "",
						focused.has(column.index),
						column.index === activeColumn,
					),
				)}
			</div>
		);
	}
}

/** The id of a cell's element (set on the active cell alone, which aria-activedescendant names). */
export function cellId(row: number, column: number): string {
	return `matrix-cell-${row}-${column}`;
}

/** One cell: a plain div (no component), its colour looked up, its mark a character. */
function cell(
	row: MatrixRow,
	rowIndex: number,
	columnIndex: number,
	left: number,
	label: string,
	focused: boolean,
	active: boolean,
) {
	const data: MatrixCell = row.cells[columnIndex] ?? null;
	let className = "matrix-cell";
	let style = `left: ${left}px`;
	if (data === null) className += " empty";
	else if (data.headline === null) className += " unscored";
	else {
		const colour = headlineColour(data.headline);
		style += `; background: ${colour.background}; color: ${colour.foreground}`;
	}
	if (data !== null && data.errors > 0) className += " errors";
	if (data !== null && data.sources.length > 0) className += " sourced";
	if (focused) className += " focused";
	if (active) className += " active";
	// Few attributes: this runs for every cell that scrolls into view. The tooltip is the
	// accessible description; the id is on the active cell alone.
	return (
		<div
			key={columnIndex}
			id={active ? cellId(rowIndex, columnIndex) : undefined}
			role="gridcell"
			aria-colindex={columnIndex + 2}
			title={cellDescription(row.case_id, label, data)}
			class={className}
			style={style}
			data-column={columnIndex}
		>
			{cellMark(data)}
		</div>
	);
}
