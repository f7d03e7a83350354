import type { Store } from "../store/index.js";
import { type GateStanding, gateModel, NO_GATE_STANDING } from "./gate-model.js";
import { groupKey } from "./group-facts.js";
import type { LeaderboardRow } from "./leaderboard-row.js";
import { taskFacts } from "./task-facts.js";
import { type TaskLenses, taskLenses } from "./task-lenses.js";

/** The task-pack columns of a leaderboard row: its gate-model standing and the two lenses; null elsewhere. */
export interface TaskColumns extends GateStanding {
	/** The self-host and cloud lenses; null outside task use cases. */
	readonly lenses: TaskLenses | null;
}

/** The columns of a row outside task use cases. */
export const NO_TASK_COLUMNS: TaskColumns = { ...NO_GATE_STANDING, lenses: null };

/**
 * A task use case's rows with their gate standing and lenses, ranked: the qualified candidates by
 * gate rank first, then every other row in the order it came (best headline first). Ranking breaks
 * its last tie on the row's cost per case, unknown when any of its rows' costs is.
 */
export function withTaskColumns(
	store: Store,
	useCaseId: string,
	rows: readonly LeaderboardRow[],
	options: { readonly benchmarkVersion?: string | undefined; readonly references: ReadonlySet<string> },
): LeaderboardRow[] {
	const facts = taskFacts(
		store,
		useCaseId,
		options.benchmarkVersion === undefined ? {} : { benchmarkVersion: options.benchmarkVersion },
	);
	const byKey = new Map(rows.map((row) => [groupKey(row.model_id, row.harness), row]));
	const standings = gateModel(facts, {
		references: options.references,
		cost: (modelId, harness) => {
			const row = byKey.get(groupKey(modelId, harness));
			return row === undefined || row.unknown_cost > 0 ? null : row.cost_per_case_usd;
		},
	});
	const groups = new Map(facts.groups.map((group) => [groupKey(group.model_id, group.harness), group]));
	return rows
		.map((row): LeaderboardRow => {
			const key = groupKey(row.model_id, row.harness);
			const standing = standings.get(key);
			const group = groups.get(key);
			if (standing === undefined || group === undefined) return row;
			const hard = { passes: standing.hard_passes ?? 0, tasks: standing.hard_tasks ?? 0 };
			return { ...row, ...standing, lenses: taskLenses(group, hard) };
		})
		.sort((a, b) => (a.rank === b.rank ? 0 : a.rank === null ? 1 : b.rank === null ? -1 : a.rank - b.rank));
}
