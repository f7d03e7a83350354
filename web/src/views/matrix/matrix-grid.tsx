// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid places each cell absolutely, which table elements do not allow; the ARIA grid roles say what it is.
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid is one tab stop whose active cell aria-activedescendant names (the ARIA grid pattern); cells are not focusable themselves.
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { MatrixRow } from "../../api/types.js";
import { useCaseLink } from "../../route.js";
import { useVirtualizer } from "../../ui/use-virtualizer.js";
import { type GridPosition, moveByKey } from "./matrix-keys.js";
import { cellDescription, type MatrixColumn } from "./matrix-model.js";
import { cellId, MatrixRowView } from "./matrix-row.js";

/** Pixel sizes of the grid: fixed, so the virtualizers never measure. */
const ROW_HEIGHT = 26;
const COLUMN_WIDTH = 30;
const HEADER_HEIGHT = 150;

/** What the grid draws: the rows in their shown order, the columns, and where a cell leads. */
export interface MatrixGridProps {
	readonly useCase: string;
	readonly version: string | null;
	readonly rows: readonly MatrixRow[];
	readonly columns: readonly MatrixColumn[];
	/** Each column's name, in column order. */
	readonly labels: readonly string[];
	/** Columns of the focused model, drawn highlighted. */
	readonly focused: ReadonlySet<number>;
}

/**
 * The case × model heatmap as one ARIA grid: a single tab stop (the scrolling box itself) whose
 * active cell moves with the arrow keys (aria-activedescendant) and opens the inspector with
 * Enter or a click. Rows and columns are both virtualised, so only the cells in view are in the
 * DOM; the header row and the case column stay put (sticky) while the rest scrolls under them.
 */
export function MatrixGrid(props: MatrixGridProps) {
	const { rows, columns, labels, focused } = props;
	const box = useRef<HTMLDivElement>(null);
	const [active, setActive] = useState<GridPosition>(() => ({ row: 0, column: firstOf(focused) }));
	const rowHeader = typeof window !== "undefined" && window.innerWidth < 640 ? 110 : 170;
	const rowAxis = useVirtualizer({
		count: rows.length,
		getScrollElement: () => box.current,
		size: ROW_HEIGHT,
		paddingStart: HEADER_HEIGHT,
		overscan: 6,
		keep: active.row,
	});
	const columnAxis = useVirtualizer({
		count: columns.length,
		getScrollElement: () => box.current,
		size: COLUMN_WIDTH,
		horizontal: true,
		paddingStart: rowHeader,
		overscan: 3,
		keep: active.column,
	});
	// A new order or filter keeps the active cell on the grid.
	const row = Math.min(active.row, Math.max(0, rows.length - 1));
	const column = Math.min(active.column, Math.max(0, columns.length - 1));
	const virtualRows = rowAxis.getVirtualItems();
	const virtualColumns = columnAxis.getVirtualItems();
	const columnsKey = virtualColumns.map((item) => item.index).join(",");
	const width = rowHeader + columns.length * COLUMN_WIDTH;
	const height = HEADER_HEIGHT + rows.length * ROW_HEIGHT;
	useRenderedMark(virtualRows.length > 0 && virtualColumns.length > 0);
	useEffect(() => {
		if (focused.size > 0) setActive((current) => ({ ...current, column: firstOf(focused) }));
	}, [focused]);

	const open = (position: GridPosition) => {
		const target = rows[position.row];
		const model = columns[position.column];
		if (target === undefined || model === undefined) return;
		location.hash = useCaseLink(props.useCase, "case", {
			version: props.version,
			caseId: target.case_id,
			focus: { model: model.model_id, harness: model.harness },
		});
	};
	const moveTo = (position: GridPosition) => {
		setActive(position);
		rowAxis.scrollToIndex(position.row, { align: "auto" });
		columnAxis.scrollToIndex(position.column, { align: "auto" });
	};
	const onKeyDown = (event: KeyboardEvent) => {
		if (event.key === "Enter" || event.key === " ") {
			event.preventDefault();
			open({ row, column });
			return;
		}
		const page = Math.max(1, Math.floor(((box.current?.clientHeight ?? 0) - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
		const next = moveByKey(
			event.key,
			event.ctrlKey || event.metaKey,
			{ row, column },
			{
				rows: rows.length,
				columns: columns.length,
				page,
			},
		);
		if (next === null) return;
		event.preventDefault();
		moveTo(next);
	};
	const onClick = (event: MouseEvent) => {
		const cell = (event.target as HTMLElement).closest<HTMLElement>("[data-column]");
		const rowElement = cell?.closest<HTMLElement>("[data-row]");
		if (cell === null || rowElement === null || rowElement === undefined) return;
		const position = { row: Number(rowElement.dataset.row), column: Number(cell.dataset.column) };
		setActive(position);
		open(position);
	};

	const activeRow = rows[row];
	const activeLabel = labels[column] ?? "";
	return (
		<>
			<div
				ref={box}
				class="matrix-scroll"
				role="grid"
				tabIndex={0}
				aria-label={`Cases × models of ${props.useCase}: arrow keys move, Enter opens the case`}
				aria-rowcount={rows.length + 1}
				aria-colcount={columns.length + 1}
				aria-activedescendant={rows.length > 0 && columns.length > 0 ? cellId(row, column) : undefined}
				onKeyDown={onKeyDown}
				onClick={onClick}
				style={`height: ${height + 18}px`}
			>
				<div class="matrix-sizer" role="presentation" style={`width: ${width}px; height: ${height}px`}>
					<div class="matrix-head" role="row" aria-rowindex={1} style={`width: ${width}px; height: ${HEADER_HEIGHT}px`}>
						<div class="matrix-corner" role="columnheader" aria-colindex={1} style={`width: ${rowHeader}px`}>
							Case
						</div>
						{virtualColumns.map((item) => (
							<div
								key={item.index}
								role="columnheader"
								aria-colindex={item.index + 2}
								class={focused.has(item.index) ? "matrix-colhead focused" : "matrix-colhead"}
								style={`left: ${item.start}px; width: ${COLUMN_WIDTH}px`}
								title={labels[item.index]}
							>
								<span>{labels[item.index]}</span>
							</div>
						))}
					</div>
					{virtualRows.map((item) => {
						const data = rows[item.index];
						if (data === undefined) return null;
						return (
							<MatrixRowView
								key={data.case_id}
								data={data}
								index={item.index}
								top={item.start}
								width={width}
								rowHeader={rowHeader}
								columns={virtualColumns}
								columnsKey={columnsKey}
								labels={labels}
								focused={focused}
								activeColumn={item.index === row ? column : -1}
							/>
						);
					})}
				</div>
			</div>
			<p class="matrix-active muted" aria-live="polite">
				{activeRow === undefined
					? "No case to show."
					: `${cellDescription(activeRow.case_id, activeLabel, activeRow.cells[column] ?? null)} · kind ${activeRow.kind}, threshold ${activeRow.threshold}`}
			</p>
		</>
	);
}

function firstOf(columns: ReadonlySet<number>): number {
	for (const index of columns) return index;
	return 0;
}

/**
 * Marks `matrix-rendered` in the page's performance timeline once, after the first paint that
 * shows cells (a task queued from the frame that draws them), for the benchmark to read back.
 */
function useRenderedMark(drawn: boolean): void {
	const marked = useRef(false);
	useLayoutEffect(() => {
		if (!drawn || marked.current) return;
		marked.current = true;
		requestAnimationFrame(() => setTimeout(() => performance.mark("matrix-rendered"), 0));
	}, [drawn]);
}
