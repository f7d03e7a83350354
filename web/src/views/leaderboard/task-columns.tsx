import type { LeaderboardRow } from "../../api/types.js";
import type { Column } from "./leaderboard-columns.js";

/*
 * A task pack's gate-model columns, as `touchstone leaderboard` prints them before the headline:
 * the rank among the qualified, floor misses, hard passes, the frontier mean; then the graded
 * mean over scored tasks and the norms score (never part of the ordering).
 */

const dash = (value: number | null, format: (value: number) => string) => (value === null ? "-" : format(value));

const qualified = (row: LeaderboardRow) =>
	row.floor_tasks === null ? "-" : row.qualified === null ? "?" : row.qualified ? "yes" : "no";

/** The gate columns, shown first on a task use case. */
export const GATE_COLUMNS: readonly Column[] = [
	{
		key: "rank",
		header: "#",
		description: "rank among the qualified (hard passes, frontier mean, cost); references are unranked",
		numeric: true,
		sortValue: (row) => row.rank,
		cell: (row) => dash(row.rank, String),
	},
	{
		key: "misses",
		header: "misses",
		description:
			"qualified (yes, no, ? when unmeasured floor tasks decide it), then floor misses / floor tasks, +n? unmeasured",
		numeric: false,
		sortValue: (row) => row.floor_misses,
		cell: (row) =>
			row.floor_tasks === null
				? "-"
				: `${qualified(row)} ${row.floor_misses}/${row.floor_tasks}${row.floor_unmeasured ? ` +${row.floor_unmeasured}?` : ""}`,
	},
	{
		key: "hard",
		header: "hard",
		description: "hard tasks passed of the hard tasks",
		numeric: true,
		sortValue: (row) => row.hard_passes,
		cell: (row) => (row.hard_tasks === null ? "-" : `${row.hard_passes}/${row.hard_tasks}`),
	},
	{
		key: "frontier",
		header: "frontier",
		description: "mean per-task score on the frontier tasks, with how many (n)",
		numeric: true,
		sortValue: (row) => row.frontier_mean,
		cell: (row) => (row.frontier_mean === null ? "-" : `${row.frontier_mean.toFixed(2)} (${row.frontier_n})`),
	},
];

/** The graded mean over scored tasks (shown when some task is scored). */
export const GRADED_COLUMN: Column = {
	key: "graded",
	header: "graded",
	description: "mean graded score over the scored tasks, with how many are scored (n); failed cells count 0",
	numeric: true,
	sortValue: (row) => row.graded_mean,
	cell: (row) =>
		row.graded_n === null ? "-" : `${row.graded_mean === null ? "-" : row.graded_mean.toFixed(2)} (${row.graded_n})`,
};

/** The norms score of the passing cells (shown when some row has one). */
export const NORMS_COLUMN: Column = {
	key: "norms",
	header: "norms (n)",
	description: "mean norms score of the passing cells, and how many; not ranked",
	numeric: true,
	sortValue: (row) => row.norms_mean,
	cell: (row) => (row.norms_mean === null ? "-" : `${row.norms_mean.toFixed(2)} (${row.norms_n})`),
};
