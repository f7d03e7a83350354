import type { Leaderboard } from "../views/index.js";
import { type CliIo, printLine } from "./io.js";
import { defaultColumns, type LeaderboardColumn } from "./leaderboard-columns.js";
import { printDecision } from "./print-decision.js";
import { renderTable } from "./table.js";

/**
 * Prints a leaderboard as a table (the default columns, or `columns`): limited-precision rows
 * carry a trailing `*`, rows that ran unisolated a `!`, so neither passes for the other kind.
 */
export function printLeaderboard(io: CliIo, board: Leaderboard, columns?: readonly LeaderboardColumn[]): void {
	const shown = columns ?? defaultColumns(board);
	const harnesses = [...new Set(board.rows.map((row) => row.harness))];
	const harness =
		!shown.some((item) => item.name === "harness") && harnesses.length === 1 ? `, harness: ${harnesses[0]}` : "";
	printLine(io, `${board.use_case_id} (${board.benchmark_version}), headline: ${board.headline_metric}${harness}`);
	printLine(
		io,
		renderTable(
			["model", ...shown.map((item) => item.header)],
			board.rows.map((row) => [
				`${row.model_id}${row.precision === "limited" ? " *" : ""}${row.unisolated_rows > 0 ? " !" : ""}${row.deployed ? " (deployed)" : ""}${row.reference ? " (reference)" : ""}`,
				...shown.map((item) => item.cell(row, board)),
			]),
		),
	);
	const notes = [];
	if (board.rows.some((row) => row.precision === "limited"))
		notes.push("* limited depth: not every case was run (floor cases only), low precision");
	if (board.rows.some((row) => row.precision === "thorough" && row.cases < board.spec_cases))
		notes.push("fewer cases on a row without *: every case ran, but some ended in errors (left out of its figures)");
	const unisolated = board.rows.filter((row) => row.unisolated_rows > 0);
	if (unisolated.length > 0)
		notes.push(
			`! unisolated: ${unisolated.reduce((total, row) => total + row.unisolated_rows, 0)} rows ran their commands on the plain process backend (no bubblewrap),\n    not isolated from this machine; for isolated results install bubblewrap and run them again with --force`,
		);
	if (board.rows.some((row) => row.unknown_cost > 0)) notes.push("+? some costs unknown: the figure is a lower bound");
	if (board.stale_rows > 0) notes.push(`${board.stale_rows} stale rows of older definitions left out`);
	if (board.superseded_rows > 0)
		notes.push(`${board.superseded_rows} older rows of re-run cells replaced by later ones`);
	for (const note of notes) printLine(io, `  ${note}`);
	printDecision(io, board.decision);
}
