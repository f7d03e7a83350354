import type { Leaderboard } from "../views/index.js";
import { formatCost, formatMs, formatPercent, formatScore } from "./format.js";
import { type CliIo, printLine } from "./io.js";
import { renderTable } from "./table.js";

/** Prints a leaderboard as a table; limited-precision rows carry a trailing `*`. */
export function printLeaderboard(io: CliIo, board: Leaderboard): void {
	printLine(io, `${board.use_case_id} (${board.benchmark_version}), headline: ${board.headline_metric}`);
	printLine(
		io,
		renderTable(
			["model", "harness", "headline", "pass", "cost", "p50 latency", "cases", "samples", "errors"],
			board.rows.map((row) => [
				`${row.model_id}${row.precision === "limited" ? " *" : ""}${row.deployed ? " (deployed)" : ""}`,
				row.harness,
				formatScore(row.headline),
				formatPercent(row.pass_rate),
				formatCost(row.cost_usd, row.unknown_cost),
				formatMs(row.p50_latency_ms),
				String(row.cases),
				String(row.samples),
				row.harness_errors + row.grader_errors === 0
					? "-"
					: `${row.harness_errors} harness, ${row.grader_errors} grader`,
			]),
		),
	);
	const notes = [];
	if (board.rows.some((row) => row.precision === "limited"))
		notes.push("* limited depth: floor cases only, low precision");
	if (board.rows.some((row) => row.unknown_cost > 0)) notes.push("+? some costs unknown: the figure is a lower bound");
	if (board.stale_rows > 0) notes.push(`${board.stale_rows} stale rows of older definitions left out`);
	for (const note of notes) printLine(io, `  ${note}`);
}
