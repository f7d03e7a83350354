import { InvalidArgumentError } from "commander";
import type { Interval, Leaderboard, LeaderboardRow, PairedDelta } from "../views/index.js";
import { formatCost, formatMs, formatPercent, formatScore } from "./format.js";
import {
	LENS_COLUMNS,
	type LeaderboardLens,
	TASK_DEFAULT_COLUMNS,
	TASK_LEADERBOARD_COLUMNS,
} from "./task-leaderboard-columns.js";

/** One column a terminal leaderboard can show. */
export interface LeaderboardColumn {
	/** What `--columns` calls it. */
	readonly name: string;
	/** Its header in the table. */
	readonly header: string;
	/** One line for `--list-columns`. */
	readonly description: string;
	/** The cell of one row. */
	cell(row: LeaderboardRow, board: Leaderboard): string;
}

/**
 * Every column, in the order `all` shows them. The model column is not among them: it always
 * comes first, with its marks (`*` limited depth, `!` unisolated, deployed, reference).
 */
export const LEADERBOARD_COLUMNS: readonly LeaderboardColumn[] = [
	column("harness", "harness", "how the model was driven (single-shot, agent, ...)", (row) => row.harness),
	column("headline", "headline", "mean headline over cases", (row) => formatScore(row.headline)),
	column("ci", "95% CI", "95 % bootstrap interval of the headline", (row) => formatInterval(row.headline_interval)),
	column("pass", "pass", "share of cases that reach their threshold", (row) => formatPercent(row.pass_rate)),
	column(
		"graded",
		"graded",
		"task use cases: mean graded score over the scored tasks, with how many are scored (n); failed cells count 0",
		(row) =>
			row.graded_n === null ? "-" : `${row.graded_mean === null ? "-" : row.graded_mean.toFixed(2)} (${row.graded_n})`,
	),
	column("pass_ci", "pass CI", "95 % Wilson interval of the pass rate", (row) =>
		row.pass_rate_interval === null
			? "-"
			: `${formatPercent(row.pass_rate_interval.low)}-${formatPercent(row.pass_rate_interval.high)}`,
	),
	column(
		"vs_deployed",
		"vs deployed",
		"headline minus the deployed incumbent's, with its paired 95 % interval",
		(row) => formatDelta(row.delta_vs_deployed),
	),
	column("cost", "cost", "total known cost of the current rows", (row) => formatCost(row.cost_usd, row.unknown_cost)),
	column("cost_per_case", "$/case", "mean known cost of a case (all its samples)", (row) =>
		formatCost(row.cost_per_case_usd, row.unknown_cost),
	),
	column("latency", "latency", "median latency of the graded rows", (row) => formatMs(row.p50_latency_ms)),
	column("ttft", "ttft", "median time to first token of the graded rows", (row) => formatMs(row.p50_ttft_ms)),
	column("tokens", "tokens", "input/output tokens of the current rows, summed", (row) =>
		row.input_tokens === null && row.output_tokens === null
			? "?"
			: `${formatCount(row.input_tokens)}/${formatCount(row.output_tokens)}`,
	),
	column(
		"cases",
		"cases",
		"cases with a graded row, of the spec's cases",
		(row, board) => `${row.cases}/${board.spec_cases}`,
	),
	column("samples", "samples", "graded rows behind the headline", (row) => String(row.samples)),
	column("confidence", "conf.", "mean jury confidence of the headline scores", (row) =>
		formatScore(row.mean_confidence),
	),
	column("critical", "critical", "graded rows whose critical-failure gate tripped", (row) =>
		String(row.critical_failures),
	),
	column("errors", "errors", "rows left out of the figures: harness errors and grader errors", (row) =>
		formatErrors(row),
	),
	column("norms", "norms (n)", "task use cases: mean norms score of the passing cells, and how many", (row) =>
		row.norms_mean === null ? "-" : `${row.norms_mean.toFixed(2)} (${row.norms_n})`,
	),
	...TASK_LEADERBOARD_COLUMNS,
];

/**
 * The columns shown unless `--columns` says otherwise: the decision's figures, tokens and time to
 * first token, within 120 characters for the bundled examples. The harness column joins them when
 * the rows differ in harness; when they all share one, the title names it instead.
 */
export const DEFAULT_LEADERBOARD_COLUMNS = [
	"headline",
	"ci",
	"pass",
	"vs_deployed",
	"cost_per_case",
	"latency",
	"ttft",
	"tokens",
	"errors",
] as const;

/** Parses `--columns`: names from {@link LEADERBOARD_COLUMNS}, comma-separated, or `all`. */
export function leaderboardColumns(value: string): LeaderboardColumn[] {
	const names = value
		.split(",")
		.map((name) => name.trim())
		.filter((name) => name !== "");
	if (names.length === 1 && names[0] === "all") return [...LEADERBOARD_COLUMNS];
	const unknown = names.filter((name) => !LEADERBOARD_COLUMNS.some((item) => item.name === name));
	if (names.length === 0 || unknown.length > 0)
		throw new InvalidArgumentError(
			`${names.length === 0 ? "no column named" : `unknown column ${unknown.join(", ")}`}; choose from ${LEADERBOARD_COLUMNS.map((item) => item.name).join(", ")}, or all (see --list-columns).`,
		);
	return names.map((name) => LEADERBOARD_COLUMNS.find((item) => item.name === name) as LeaderboardColumn);
}

/**
 * The default columns for one board: harness only when its rows differ in harness; graded
 * (instead of ttft) only when a task is scored; on a task use case the gate model's columns first
 * (in the place of the intervals, token sums and time to first token), or with a lens, that
 * lens's columns.
 */
export function defaultColumns(board: Leaderboard, lens?: LeaderboardLens): LeaderboardColumn[] {
	const mixed = new Set(board.rows.map((row) => row.harness)).size > 1;
	const harness = mixed ? ["harness"] : [];
	if (lens !== undefined) return leaderboardColumns([...harness, ...LENS_COLUMNS[lens]].join(","));
	const gated = board.floor_miss_tolerance !== null;
	const names: string[] = [
		...harness,
		// The frontier column only where some row has a frontier score, to fit 120 characters.
		...(gated
			? TASK_DEFAULT_COLUMNS.filter(
					(name) => name !== "frontier" || board.rows.some((row) => row.frontier_mean !== null),
				)
			: []),
		// ... in the place of the intervals, the token sums and the time to first token.
		...DEFAULT_LEADERBOARD_COLUMNS.filter((name) => !gated || !["ci", "tokens", "ttft"].includes(name)),
	];
	// A task use case with scored (graded) tasks shows their mean beside the pass rate, in the
	// place of the time to first token (of an agent's first turn only), to fit 120 characters.
	if (board.rows.some((row) => row.graded_n !== null)) {
		names.splice(names.indexOf("pass") + 1, 0, "graded");
		if (names.includes("ttft")) names.splice(names.indexOf("ttft"), 1);
	}
	return leaderboardColumns(names.join(","));
}

/** One line per column, for `--list-columns`; the defaults are marked. */
export function describeColumns(): string[] {
	const width = Math.max(...LEADERBOARD_COLUMNS.map((item) => item.name.length));
	const defaults = new Set<string>(DEFAULT_LEADERBOARD_COLUMNS);
	return LEADERBOARD_COLUMNS.map(
		(item) =>
			`${item.name.padEnd(width)}  ${defaults.has(item.name) ? "default" : "       "}  ${item.description}${item.name === "harness" ? " (default when rows differ in harness)" : ""}${item.name === "graded" ? " (default when a task is scored, instead of ttft)" : ""}${item.name === "norms" ? " (else a line under the table)" : ""}`,
	);
}

function column(
	name: string,
	header: string,
	description: string,
	cell: (row: LeaderboardRow, board: Leaderboard) => string,
): LeaderboardColumn {
	return { name, header, description, cell };
}

function formatInterval(interval: Interval | null): string {
	return interval === null ? "-" : `${interval.low.toFixed(2)}-${interval.high.toFixed(2)}`;
}

function formatDelta(delta: PairedDelta | null): string {
	if (delta === null) return "-";
	const sign = delta.value >= 0 ? "+" : "";
	const interval =
		delta.interval === null ? "" : ` [${delta.interval.low.toFixed(2)},${delta.interval.high.toFixed(2)}]`;
	return `${sign}${delta.value.toFixed(2)}${interval}`;
}

/** 1234 → `1.2k`, 7000 → `7k`, 2_500_000 → `2.5M`; `?` for unknown. */
function formatCount(value: number | null): string {
	if (value === null) return "?";
	if (value < 1000) return String(value);
	const [scaled, unit] = value < 999_500 ? [value / 1000, "k"] : [value / 1_000_000, "M"];
	return `${scaled < 10 ? scaled.toFixed(1).replace(/\.0$/, "") : Math.round(scaled)}${unit}`;
}

function formatErrors(row: LeaderboardRow): string {
	const parts = [];
	if (row.harness_errors > 0) parts.push(`${row.harness_errors} harness`);
	if (row.grader_errors > 0) parts.push(`${row.grader_errors} grader`);
	return parts.length === 0 ? "-" : parts.join(", ");
}
