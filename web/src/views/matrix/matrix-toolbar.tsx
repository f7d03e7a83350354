import { type RouteOf, useCaseLink } from "../../route.js";
import { legendStops } from "./matrix-colour.js";
import { MATRIX_SORTS, type MatrixColumn, type MatrixSort, SORT_LABELS } from "./matrix-model.js";

/** The matrix's controls: the rows' order, the highlighted model, and its failures alone. */
export function MatrixToolbar(props: {
	route: RouteOf<"matrix">;
	columns: readonly MatrixColumn[];
	labels: readonly string[];
	sort: MatrixSort;
	onSort: (sort: MatrixSort) => void;
	onlyFails: boolean;
	onOnlyFails: (only: boolean) => void;
	focusedCount: number;
}) {
	const { route } = props;
	const focusValue =
		route.focus === null
			? ""
			: String(
					props.columns.findIndex(
						(column) =>
							column.model_id === route.focus?.model &&
							(route.focus.harness === null || column.harness === route.focus.harness),
					),
				);
	// The highlighted model is part of the link (?model=&harness=), so it can be shared.
	const onFocus = (value: string) => {
		const column = value === "" ? undefined : props.columns[Number(value)];
		location.hash = useCaseLink(route.useCase, "matrix", {
			version: route.version,
			focus: column === undefined ? null : { model: column.model_id, harness: column.harness },
		});
	};
	return (
		<div class="matrix-toolbar">
			<label>
				Sort cases by{" "}
				<select
					value={props.sort}
					onChange={(event) => props.onSort((event.target as HTMLSelectElement).value as MatrixSort)}
				>
					{MATRIX_SORTS.map((sort) => (
						<option key={sort} value={sort}>
							{SORT_LABELS[sort]}
						</option>
					))}
				</select>
			</label>
			<label>
				Highlight{" "}
				<select value={focusValue} onChange={(event) => onFocus((event.target as HTMLSelectElement).value)}>
					<option value="">no model</option>
					{props.labels.map((label, index) => (
						<option key={label} value={String(index)}>
							{label}
						</option>
					))}
				</select>
			</label>
			{route.focus !== null && props.focusedCount === 0 && (
				<span class="matrix-warn">No column of {route.focus.model} in this matrix.</span>
			)}
			{props.focusedCount > 0 && (
				<label>
					<input
						type="checkbox"
						checked={props.onlyFails}
						onChange={(event) => props.onOnlyFails((event.target as HTMLInputElement).checked)}
					/>{" "}
					only cases {route.focus?.model} fails
				</label>
			)}
		</div>
	);
}

/** What the colours and marks mean; the mark of cells from elsewhere only when some are (`sources`). */
export function MatrixLegend({ sources }: { sources: readonly string[] }) {
	return (
		<ul class="matrix-legend" aria-label="Legend">
			<li>
				mean headline{" "}
				{legendStops().map(([value, colour]) => (
					<span
						key={value}
						class="matrix-swatch"
						style={`background: ${colour.background}; color: ${colour.foreground}`}
					>
						{value.toFixed(2)}
					</span>
				))}
			</li>
			<li>
				<span class="matrix-swatch plain">✓</span> passed
			</li>
			<li>
				<span class="matrix-swatch plain">✗</span> failed
			</li>
			<li>
				<span class="matrix-swatch plain">?</span> no pass mark
			</li>
			<li>
				<span class="matrix-swatch plain errors">!</span> errors (corner mark: some samples lost)
			</li>
			<li>
				<span class="matrix-swatch empty">–</span> no current row
			</li>
			{sources.length > 0 && (
				<li data-testid="sourced-legend">
					<span class="matrix-swatch plain sourced">✓</span> from {sources.join(", ")} (corner mark: brought in by
					touchstone ingest or import, not run here)
				</li>
			)}
		</ul>
	);
}
