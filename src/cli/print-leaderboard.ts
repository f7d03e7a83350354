import type { Interval, Leaderboard, PairedDelta } from "../views/index.js";
import { formatCost, formatMs, formatPercent, formatScore } from "./format.js";
import { type CliIo, printLine } from "./io.js";
import { printDecision } from "./print-decision.js";
import { renderTable } from "./table.js";

/** Prints a leaderboard as a table; limited-precision rows carry a trailing `*`. */
export function printLeaderboard(io: CliIo, board: Leaderboard): void {
	printLine(io, `${board.use_case_id} (${board.benchmark_version}), headline: ${board.headline_metric}`);
	printLine(
		io,
		renderTable(
			[
				"model",
				"harness",
				"headline",
				"95% CI",
				"pass",
				"vs deployed",
				"cost",
				"$/case",
				"p50 latency",
				"cases",
				"samples",
				"errors",
			],
			board.rows.map((row) => [
				`${row.model_id}${row.precision === "limited" ? " *" : ""}${row.deployed ? " (deployed)" : ""}${row.reference ? " (reference)" : ""}`,
				row.harness,
				formatScore(row.headline),
				formatInterval(row.headline_interval),
				formatPercent(row.pass_rate),
				formatDelta(row.delta_vs_deployed),
				formatCost(row.cost_usd, row.unknown_cost),
				formatCost(row.cost_per_case_usd, row.unknown_cost),
				formatMs(row.p50_latency_ms),
				`${row.cases}/${board.spec_cases}`,
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
	if (board.superseded_rows > 0)
		notes.push(`${board.superseded_rows} older rows of re-run cells replaced by later ones`);
	for (const note of notes) printLine(io, `  ${note}`);
	printDecision(io, board.decision);
}

function formatInterval(interval: Interval | null): string {
	return interval === null ? "-" : `${interval.low.toFixed(3)}-${interval.high.toFixed(3)}`;
}

function formatDelta(delta: PairedDelta | null): string {
	if (delta === null) return "-";
	const sign = delta.value >= 0 ? "+" : "";
	const interval =
		delta.interval === null ? "" : ` [${delta.interval.low.toFixed(2)}, ${delta.interval.high.toFixed(2)}]`;
	return `${sign}${delta.value.toFixed(3)}${interval}`;
}
