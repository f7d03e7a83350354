import { useMemo, useState } from "preact/hooks";
import * as client from "../../api/client.js";
import type { CaseMatrix } from "../../api/types.js";
import type { RouteOf } from "../../route.js";
import { counted } from "../../ui/format.js";
import { WhenReady } from "../../ui/status.js";
import { useApi } from "../../ui/use-api.js";
import { MatrixGrid } from "./matrix-grid.js";
import { caseStats, columnLabel, failsIn, focusedColumns, type MatrixSort, sortedRows } from "./matrix-model.js";
import { MatrixLegend, MatrixToolbar } from "./matrix-toolbar.js";
import "./matrix.css";

/**
 * Case matrix: every case of a use case against every model × harness, coloured by the case's
 * mean headline with a pass mark in each cell, sortable by disagreement and difficulty; a cell
 * opens the inspector on that case.
 */
export function MatrixView({ route }: { route: RouteOf<"matrix"> }) {
	const loaded = useApi(
		async (signal) => {
			const matrix = await client.caseMatrix({ use_case: route.useCase, benchmark_version: route.version }, signal);
			// The benchmark splits the time to the first drawn rows into reading and drawing.
			performance.mark("matrix-data");
			return matrix;
		},
		[route.useCase, route.version],
	);
	return (
		<section class="matrix-view">
			<h1>Case matrix of {route.useCase}</h1>
			<WhenReady loaded={loaded}>{(matrix) => <MatrixBody route={route} matrix={matrix} />}</WhenReady>
		</section>
	);
}

function MatrixBody({ route, matrix }: { route: RouteOf<"matrix">; matrix: CaseMatrix }) {
	const [sort, setSort] = useState<MatrixSort>("case");
	const [onlyFails, setOnlyFails] = useState(false);
	const stats = useMemo(() => matrix.rows.map(caseStats), [matrix]);
	const order = useMemo(() => sortedRows(matrix.rows, stats, sort), [matrix, stats, sort]);
	const focusKey = route.focus === null ? "" : `${route.focus.model}\u0000${route.focus.harness ?? ""}`;
	// focusKey stands for route.focus by value (a new route object is made on every hash change).
	const focused = useMemo(() => focusedColumns(matrix.models, route.focus), [matrix, focusKey]);
	const filtering = onlyFails && focused.size > 0;
	const rows = useMemo(() => {
		const ordered = order.map((index) => matrix.rows[index]).filter((row) => row !== undefined);
		return filtering ? ordered.filter((row) => failsIn(row, focused)) : ordered;
	}, [matrix, order, filtering, focused]);
	const harnesses = new Set(matrix.models.map((model) => model.harness));
	const labels = useMemo(
		() => matrix.models.map((model) => columnLabel(model, harnesses.size > 1)),
		[matrix, harnesses.size],
	);
	const kinds = new Map<string, number>();
	for (const row of matrix.rows) kinds.set(row.kind, (kinds.get(row.kind) ?? 0) + 1);
	const thresholds = new Set(matrix.rows.map((row) => row.threshold));
	const sources = useMemo(
		() => [...new Set(matrix.rows.flatMap((row) => row.cells.flatMap((cell) => cell?.sources ?? [])))].sort(),
		[matrix],
	);

	return (
		<>
			<p class="matrix-summary">
				<span data-figure="total-cases">{counted(matrix.total_cases, "case")}</span> (
				{[...kinds].map(([kind, n]) => `${n.toLocaleString("en")} ${kind}`).join(", ")}) ×{" "}
				<span data-figure="models">{counted(matrix.models.length, "model")}</span>, headline{" "}
				<code>{matrix.headline_metric}</code>, version <code>{matrix.benchmark_version}</code>
				{thresholds.size > 0 && (
					<>
						, pass threshold{thresholds.size > 1 ? "s" : ""} {[...thresholds].sort((a, b) => a - b).join(", ")}
					</>
				)}
				. Showing <span data-figure="shown">{rows.length.toLocaleString("en")}</span>.
				{matrix.stale_rows > 0 && (
					<span class="badge stale" data-figure="stale-rows">
						{counted(matrix.stale_rows, "stale row")} left out
					</span>
				)}
			</p>
			<MatrixToolbar
				route={route}
				columns={matrix.models}
				labels={labels}
				sort={sort}
				onSort={setSort}
				onlyFails={onlyFails}
				onOnlyFails={setOnlyFails}
				focusedCount={focused.size}
			/>
			<MatrixLegend sources={sources} />
			{matrix.rows.length === 0 || matrix.models.length === 0 ? (
				<p class="status">No current rows for this use case yet: run it, then look again.</p>
			) : (
				<MatrixGrid
					useCase={route.useCase}
					version={route.version}
					rows={rows}
					columns={matrix.models}
					labels={labels}
					focused={focused}
				/>
			)}
		</>
	);
}
