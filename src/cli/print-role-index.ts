import { INDEX_AXES, type IndexAxis } from "../contract/index.js";
import type { IndexModel, RoleIndex, RolePick, RoleRanking } from "../views/index.js";
import { formatCost, formatMs, formatScore } from "./format.js";
import { type CliIo, printLine } from "./io.js";
import { renderTable } from "./table.js";

/**
 * Prints the per-role index: where the weights came from, then per role a table (model, index
 * with its interval, each weighted axis with the tasks behind it and the min_n flag, cost per
 * task, median wall time) and the routing line (best, cheapest and fastest within tolerance).
 */
export function printRoleIndex(io: CliIo, index: RoleIndex, source: string | null): void {
	const over =
		index.use_cases.length === 0 ? "no task use case with results yet" : `over ${index.use_cases.join(", ")}`;
	printLine(
		io,
		source === null
			? `Per-role index ${over}; no index.yaml, so the default weights apply (planner, implementer, reviewer; README "The per-role index").`
			: `Per-role index ${over}; weights from ${source}.`,
	);
	const models = new Map(index.models.map((model) => [`${model.model_id}\u0000${model.harness}`, model]));
	const percent = Math.round(index.level * 100);
	for (const ranking of index.roles) {
		printLine(io);
		const axes = INDEX_AXES.filter((axis) => (ranking.weights[axis] ?? 0) > 0);
		printLine(io, `${ranking.role} (${axes.map((axis) => `${axis} ${ranking.weights[axis]}`).join(", ")})`);
		const rows = ranking.rows.map((row) => {
			const model = models.get(`${row.model_id}\u0000${row.harness}`) as IndexModel;
			return [
				`${row.model_id}${row.reference ? " (reference)" : ""}`,
				row.harness,
				formatScore(row.index),
				row.interval === null ? "-" : `[${formatScore(row.interval.low)}, ${formatScore(row.interval.high)}]`,
				...axes.map((axis) => axisCell(model, axis)),
				formatCost(model.cost_per_task_usd, model.unknown_cost),
				formatMs(model.p50_wall_ms),
			];
		});
		printLine(
			io,
			renderTable(["model", "harness", "index", `${percent}% interval`, ...axes, "cost/task", "p50 wall"], rows),
		);
		printLine(io, routingLine(ranking, index.settings.tolerance));
		for (const note of ranking.notes) printLine(io, `note: ${note}`);
	}
	printLine(io);
	printLine(
		io,
		`(n) tasks behind an axis; ! fewer than min_n (${index.settings.min_n}); - never measured: dropped, the other weights renormalised.`,
	);
	for (const note of index.notes) printLine(io, `note: ${note}`);
}

function axisCell(model: IndexModel, axis: IndexAxis): string {
	const { score, n, below_min_n } = model.axes[axis];
	return score === null ? "-" : `${formatScore(score)} (${n})${below_min_n ? "!" : ""}`;
}

function routingLine(ranking: RoleRanking, tolerance: number): string {
	const name = (pick: RolePick | null, figure: (pick: RolePick) => string) =>
		pick === null ? "none" : `${pick.model_id} (${pick.harness}) ${figure(pick)}`;
	return [
		`best: ${name(ranking.best, (pick) => formatScore(pick.index))}`,
		`cheapest within ${tolerance}: ${name(ranking.cheapest, (pick) => `${formatCost(pick.cost_per_task_usd)}/task`)}`,
		`fastest within ${tolerance}: ${name(ranking.fastest, (pick) => formatMs(pick.p50_wall_ms))}`,
	].join("; ");
}
