import type { ComponentChildren } from "preact";
import type { Leaderboard, LeaderboardRow } from "../../api/types.js";
import { interval, ms, percent, score, UNKNOWN, usd } from "../../ui/format.js";

/** One column of the leaderboard table: its header, what it sorts by, and its cell. */
export interface Column {
	readonly key: string;
	readonly header: string;
	/** What the header's title says the column is. */
	readonly description: string;
	readonly numeric: boolean;
	/** The value the column sorts by; null sorts last either way. */
	readonly sortValue: (row: LeaderboardRow) => number | string | null;
	readonly cell: (row: LeaderboardRow, board: Leaderboard) => ComponentChildren;
}

const withInterval = (value: string, bounds: { low: number; high: number } | null, digits = 3) => (
	<>
		{value}
		{bounds !== null && <span class="ci"> {interval(bounds, digits)}</span>}
	</>
);

/** Cost per case: `?` when unknown, `≥ $x` when some rows' costs are unknown (a lower bound). */
export function costCell(row: LeaderboardRow): ComponentChildren {
	const { text, title } = costText(row);
	const bounds = row.cost_per_case_interval;
	return (
		<span class={row.cost_per_case_usd === null ? "unknown" : undefined} title={title}>
			{text}
			{row.cost_per_case_usd !== null && bounds !== null && (
				<span class="ci">
					{" "}
					[{usd(bounds.low)}, {usd(bounds.high)}]
				</span>
			)}
		</span>
	);
}

/** The words of a cost per case: `?` unknown, `≥ $x` a lower bound, `$x` known; and why. */
export function costText(row: LeaderboardRow): { text: string; title: string | undefined } {
	if (row.cost_per_case_usd === null)
		return { text: UNKNOWN, title: "cost unknown: no row of this model has a known cost" };
	if (row.unknown_cost > 0)
		return {
			text: `≥ ${usd(row.cost_per_case_usd)}`,
			title: `a lower bound: ${row.unknown_cost} rows' costs are unknown`,
		};
	return { text: usd(row.cost_per_case_usd), title: undefined };
}

/** The columns every use case shows, after the model. */
export const BASE_COLUMNS: readonly Column[] = [
	{
		key: "headline",
		header: "headline",
		description: "mean over cases of the per-case mean headline, with its 95 % bootstrap interval",
		numeric: true,
		sortValue: (row) => row.headline,
		cell: (row) => withInterval(score(row.headline), row.headline_interval),
	},
	{
		key: "pass_rate",
		header: "pass rate",
		description: "share of graded cases reaching their threshold, with its 95 % Wilson interval",
		numeric: true,
		sortValue: (row) => row.pass_rate,
		cell: (row) =>
			withInterval(
				percent(row.pass_rate),
				row.pass_rate_interval === null
					? null
					: { low: row.pass_rate_interval.low * 100, high: row.pass_rate_interval.high * 100 },
				0,
			),
	},
	{
		key: "delta",
		header: "Δ deployed",
		description: "this model minus the deployed one over shared cases, with its 95 % paired interval",
		numeric: true,
		sortValue: (row) => row.delta_vs_deployed?.value ?? null,
		cell: (row) =>
			row.deployed ? (
				<span class="muted">—</span>
			) : row.delta_vs_deployed === null ? (
				<span class="muted">{UNKNOWN}</span>
			) : (
				withInterval(
					`${row.delta_vs_deployed.value >= 0 ? "+" : ""}${row.delta_vs_deployed.value.toFixed(3)}`,
					row.delta_vs_deployed.interval,
				)
			),
	},
	{
		key: "cost",
		header: "cost / case",
		description:
			"mean known cost of a case with its 95 % interval; ? unknown, ≥ a lower bound when some costs are unknown",
		numeric: true,
		sortValue: (row) => row.cost_per_case_usd,
		cell: costCell,
	},
	{
		key: "latency",
		header: "p50 latency",
		description: "median latency of the graded rows",
		numeric: true,
		sortValue: (row) => row.p50_latency_ms,
		cell: (row) => ms(row.p50_latency_ms),
	},
	{
		key: "ttft",
		header: "p50 TTFT",
		description: "median time to first token of the graded rows",
		numeric: true,
		sortValue: (row) => row.p50_ttft_ms,
		cell: (row) => ms(row.p50_ttft_ms),
	},
	{
		key: "errors",
		header: "errors",
		description: "harness errors / grader errors / critical failures",
		numeric: true,
		sortValue: (row) => row.harness_errors + row.grader_errors + row.critical_failures,
		cell: (row) => (
			<span
				class={row.harness_errors + row.grader_errors + row.critical_failures > 0 ? "errors some" : "errors"}
				title={`${row.harness_errors} harness errors, ${row.grader_errors} grader errors, ${row.critical_failures} critical failures`}
			>
				{row.harness_errors} / {row.grader_errors} / {row.critical_failures}
			</span>
		),
	},
	{
		key: "cases",
		header: "cases · samples",
		description: "cases graded of the spec's cases, and the graded samples behind the figures",
		numeric: true,
		sortValue: (row) => row.cases,
		cell: (row, board) => `${row.cases}/${board.spec_cases} · ${row.samples}`,
	},
];
