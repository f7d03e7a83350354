/** A cell of the grid by its place on screen: the row's position in the shown order, the column. */
export interface GridPosition {
	readonly row: number;
	readonly column: number;
}

/**
 * Where a key moves the active cell, as the ARIA grid pattern has it: arrows by one, Home/End to
 * the row's ends (with Ctrl, to the grid's corners), PageUp/PageDown by `page` rows. Null for a
 * key the grid does not handle (the browser keeps it).
 */
export function moveByKey(
	key: string,
	ctrl: boolean,
	from: GridPosition,
	size: { rows: number; columns: number; page: number },
): GridPosition | null {
	const lastRow = Math.max(0, size.rows - 1);
	const lastColumn = Math.max(0, size.columns - 1);
	const to = (row: number, column: number): GridPosition => ({
		row: Math.min(lastRow, Math.max(0, row)),
		column: Math.min(lastColumn, Math.max(0, column)),
	});
	switch (key) {
		case "ArrowUp":
			return to(from.row - 1, from.column);
		case "ArrowDown":
			return to(from.row + 1, from.column);
		case "ArrowLeft":
			return to(from.row, from.column - 1);
		case "ArrowRight":
			return to(from.row, from.column + 1);
		case "Home":
			return ctrl ? to(0, 0) : to(from.row, 0);
		case "End":
			return ctrl ? to(lastRow, lastColumn) : to(from.row, lastColumn);
		case "PageUp":
			return to(from.row - size.page, from.column);
		case "PageDown":
			return to(from.row + size.page, from.column);
		default:
			return null;
	}
}
