import { useState } from "preact/hooks";
import type { Leaderboard, LeaderboardRow } from "../../api/types.js";
import { useCaseLink } from "../../route.js";
import { SourceBadge } from "../../ui/source-badge.js";
import { BASE_COLUMNS, type Column } from "./leaderboard-columns.js";
import { GATE_COLUMNS, GRADED_COLUMN, NORMS_COLUMN } from "./task-columns.js";

type Sort = { readonly key: string; readonly direction: "ascending" | "descending" } | null;

/** The columns one board shows: a task pack's gate columns first, graded and norms when present. */
export function columnsOf(board: Leaderboard): Column[] {
	const columns = [...BASE_COLUMNS];
	if (board.rows.some((row) => row.graded_n !== null)) columns.splice(2, 0, GRADED_COLUMN);
	if (board.rows.some((row) => row.norms_mean !== null)) columns.push(NORMS_COLUMN);
	return board.floor_miss_tolerance === null ? columns : [...GATE_COLUMNS, ...columns];
}

/**
 * The leaderboard table: one row per model × harness in the API's order (best first) until a
 * header's button sorts it. Each model links to the case matrix focused on it; limited-depth rows
 * are dashed and badged, rows from another store or an imported file badged with their source,
 * and the marks under the table say what each badge means.
 */
export function LeaderboardTable({ board, version }: { board: Leaderboard; version: string | null }) {
	const [sort, setSort] = useState<Sort>(null);
	const columns = columnsOf(board);
	const rows = sorted(board.rows, columns, sort);
	const toggle = (key: string) =>
		setSort((previous) =>
			previous?.key === key
				? { key, direction: previous.direction === "descending" ? "ascending" : "descending" }
				: { key, direction: "descending" },
		);
	return (
		<div class="table-wrap">
			<table class="data leaderboard" data-testid="leaderboard-table">
				<caption class="muted">
					{board.rows.length} rows from current runs of {board.benchmark_version}, headline {board.headline_metric}
				</caption>
				<thead>
					<tr>
						<th scope="col">model · harness</th>
						{columns.map((column) => (
							<th
								key={column.key}
								scope="col"
								class={column.numeric ? "num" : undefined}
								aria-sort={sort?.key === column.key ? sort.direction : undefined}
								data-column={column.key}
							>
								<button type="button" class="sort" title={column.description} onClick={() => toggle(column.key)}>
									{column.header}
									<span aria-hidden="true">
										{sort?.key === column.key ? (sort.direction === "descending" ? " ▼" : " ▲") : ""}
									</span>
								</button>
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{rows.map((row) => (
						<tr
							key={`${row.model_id}\u0000${row.harness}`}
							class={rowClass(row)}
							data-model={row.model_id}
							data-harness={row.harness}
						>
							<th scope="row">
								<ModelCell row={row} useCase={board.use_case_id} version={version} />
							</th>
							{columns.map((column) => (
								<td key={column.key} class={column.numeric ? "num" : undefined} data-column={column.key}>
									{column.cell(row, board)}
								</td>
							))}
						</tr>
					))}
				</tbody>
			</table>
		</div>
	);
}

function ModelCell({ row, useCase, version }: { row: LeaderboardRow; useCase: string; version: string | null }) {
	return (
		<>
			<a href={useCaseLink(useCase, "matrix", { version, focus: { model: row.model_id, harness: row.harness } })}>
				{row.model_id}
			</a>{" "}
			<span class="muted">· {row.harness}</span>
			{row.precision === "limited" && (
				<span class="badge limited" title="limited depth: not every case was run, low precision">
					* limited
				</span>
			)}
			{row.deployed && <span class="badge deployed">deployed</span>}
			{row.reference && (
				<span
					class="badge reference"
					title="a reference policy (baseline, gold): a floor or ceiling line, never a pick"
				>
					reference
				</span>
			)}
			{row.retired === true && <span class="badge">retired</span>}
			{row.self_judged && (
				<span class="badge warn" title={`a juror of its own family graded ${row.self_judged_rows} rows`}>
					^ self-judged
				</span>
			)}
			{row.unisolated_rows > 0 && (
				<span class="badge warn" title={`${row.unisolated_rows} rows ran unisolated (no bubblewrap)`}>
					! unisolated
				</span>
			)}
			<SourceBadge origin={row} />
		</>
	);
}

function rowClass(row: LeaderboardRow): string {
	return [
		row.precision === "limited" ? "limited" : "",
		row.deployed ? "deployed" : "",
		row.reference ? "reference" : "",
		row.retired === true ? "retired" : "",
	]
		.filter(Boolean)
		.join(" ");
}

function sorted(rows: readonly LeaderboardRow[], columns: readonly Column[], sort: Sort): LeaderboardRow[] {
	const column = columns.find((item) => item.key === sort?.key);
	if (sort === null || column === undefined) return [...rows];
	const sign = sort.direction === "ascending" ? 1 : -1;
	return [...rows].sort((a, b) => {
		const left = column.sortValue(a);
		const right = column.sortValue(b);
		if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
		return (left < right ? -1 : left > right ? 1 : 0) * sign;
	});
}
