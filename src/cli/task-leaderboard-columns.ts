import { InvalidArgumentError } from "commander";
import type { KEstimate, LeaderboardRow } from "../views/index.js";
import { formatCost, formatMs, formatPercent } from "./format.js";
import type { LeaderboardColumn } from "./leaderboard-columns.js";

/** The two lenses `leaderboard --lens` shows a task use case through. */
export const LEADERBOARD_LENSES = ["self-host", "cloud"] as const;
/** One of {@link LEADERBOARD_LENSES}. */
export type LeaderboardLens = (typeof LEADERBOARD_LENSES)[number];

const column = (
	name: string,
	header: string,
	description: string,
	cell: (row: LeaderboardRow) => string,
): LeaderboardColumn => ({ name, header, description: `task use cases: ${description}`, cell });

const dash = (value: number | null, format: (value: number) => string) => (value === null ? "-" : format(value));

/** The gate model's and the lenses' columns; `-` outside task use cases. */
export const TASK_LEADERBOARD_COLUMNS: readonly LeaderboardColumn[] = [
	column("rank", "#", "rank among the qualified (hard passes, frontier mean, cost)", (row) => dash(row.rank, String)),
	column(
		"qualified",
		"qual.",
		"qualified on the floor: yes, no, or ? when unmeasured floor tasks decide it",
		qualified,
	),
	column(
		"floor",
		"misses",
		"qualified (yes, no, ? when unmeasured floor tasks decide it), then floor misses / floor tasks, +n? unmeasured",
		(row) =>
			row.floor_tasks === null
				? "-"
				: `${qualified(row)} ${row.floor_misses}/${row.floor_tasks}${row.floor_unmeasured ? ` +${row.floor_unmeasured}?` : ""}`,
	),
	column("hard", "hard", "hard tasks passed of the hard tasks", (row) =>
		row.hard_tasks === null ? "-" : `${row.hard_passes}/${row.hard_tasks}`,
	),
	column("frontier", "frontier", "mean per-task score on the frontier tasks, with how many (n)", (row) =>
		row.frontier_mean === null ? "-" : `${row.frontier_mean.toFixed(2)} (${row.frontier_n})`,
	),
	column("pass_k", "pass@k", "unbiased pass@k, k = the spec's samples (n tasks)", (row) => formatK(row.pass_at_k)),
	column("pass_hat_k", "pass^k", "unbiased pass^k (all k pass), k = the spec's samples (n tasks)", (row) =>
		formatK(row.pass_hat_k),
	),
	column("tokens_p50", "tokens p50", "self-host lens: median tokens per graded attempt", (row) =>
		dash(row.lenses?.self_host.median_tokens ?? null, (value) => String(Math.round(value))),
	),
	column("turns_p50", "turns p50", "self-host lens: median turns per graded attempt", (row) =>
		dash(row.lenses?.self_host.median_turns ?? null, (value) => String(Math.round(value * 10) / 10)),
	),
	column("tool_ok", "tool ok", "self-host lens: share of tool calls that were well formed", (row) =>
		formatPercent(row.lenses?.self_host.tool_reliability ?? null),
	),
	column("wall_p50", "wall p50", "cloud lens: median wall time per graded attempt", (row) =>
		row.lenses === null ? "-" : formatMs(row.lenses.cloud.median_wall_ms),
	),
	column("attempt_cost", "cost", "cloud lens: known cost of the graded attempts", (row) =>
		row.lenses === null ? "-" : formatCost(row.lenses.cloud.cost_usd, row.lenses.cloud.unknown_cost),
	),
	column(
		"cost_per_solve",
		"$/solve",
		"cloud lens: cost / passing attempts (a lower bound with +?; - without a solve)",
		(row) =>
			row.lenses === null || row.lenses.cloud.solves === 0
				? "-"
				: formatCost(row.lenses.cloud.cost_per_solve_usd, row.lenses.cloud.unknown_cost),
	),
];

/** The gate columns a task use case's table shows by default, before the headline. */
export const TASK_DEFAULT_COLUMNS = ["rank", "floor", "hard", "frontier"] as const;

/** The columns of each lens: the gate's standing, then the lens's figures. */
export const LENS_COLUMNS: { readonly [lens in LeaderboardLens]: readonly string[] } = {
	"self-host": ["rank", "qualified", "hard", "tokens_p50", "turns_p50", "tool_ok"],
	cloud: ["rank", "qualified", "wall_p50", "attempt_cost", "cost_per_solve"],
};

/** Parses `--lens`: `self-host` or `cloud`. */
export function leaderboardLens(value: string): LeaderboardLens {
	if ((LEADERBOARD_LENSES as readonly string[]).includes(value)) return value as LeaderboardLens;
	throw new InvalidArgumentError(
		`unknown lens \`${value}\`; choose ${LEADERBOARD_LENSES.join(" or ")} (self-host: hard passes, median tokens and turns, tool-call reliability; cloud: median wall time, cost, cost per solve).`,
	);
}

function qualified(row: LeaderboardRow): string {
	return row.floor_tasks === null ? "-" : row.qualified === null ? "?" : row.qualified ? "yes" : "no";
}

function formatK(estimate: KEstimate | null): string {
	return estimate === null || estimate.value === null ? "-" : `${estimate.value.toFixed(2)} (${estimate.n})`;
}
