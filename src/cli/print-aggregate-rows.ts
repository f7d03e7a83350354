import type { Leaderboard } from "../views/index.js";
import { formatCost, formatMs, formatPercent, formatScore } from "./format.js";
import { type CliIo, printLine } from "./io.js";
import { renderTable } from "./table.js";

/**
 * Prints a leaderboard's aggregate rows (models known here only from another store's summary)
 * as a table of their own under the per-case one, each model marked `≈` and its source named,
 * so an aggregate never passes for a per-case row. Prints nothing when there are none.
 */
export function printAggregateRows(io: CliIo, board: Leaderboard): void {
	if (board.aggregate_rows.length === 0) return;
	printLine(
		io,
		"≈ aggregate rows: known here only from another store's summary (no per-case rows); shown, never picked",
	);
	printLine(
		io,
		renderTable(
			["model", "harness", "headline", "95% CI", "pass", "$/case", "latency", "cases", "samples", "source"],
			board.aggregate_rows.map((row) => [
				`${row.model_id} ≈${row.precision === "limited" ? " *" : ""}`,
				row.harness,
				formatScore(row.headline),
				row.headline_interval === null
					? "-"
					: `${row.headline_interval.low.toFixed(2)}-${row.headline_interval.high.toFixed(2)}`,
				formatPercent(row.pass_rate),
				formatCost(row.cost_per_case_usd),
				formatMs(row.p50_latency_ms),
				row.cases === null ? "?" : `${row.cases}/${board.spec_cases}`,
				row.samples === null ? "?" : String(row.samples),
				`(aggregate from ${row.source})`,
			]),
		),
	);
	if (board.aggregate_rows.some((row) => row.precision === "limited"))
		printLine(io, "  * limited depth, as the summary says: not every case was run there");
}
