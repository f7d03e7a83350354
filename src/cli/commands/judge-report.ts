import { formatCost, formatPercent, plural } from "../format.js";
import { type CliIo, printLine } from "../io.js";
import { renderTable } from "../table.js";
import type { JudgeReport } from "./judge.js";

/** Prints what a `judge` run did (pairs asked, cached, flips, skipped, errors, cost) and the ratings table. */
export function printJudgeReport(io: CliIo, { summary, identical, references, ratings }: JudgeReport): void {
	const totals = summary.totals;
	printLine(
		io,
		`judged ${ratings.use_case_id} with ${summary.judge} (fallback ${summary.fallback}), rubric ${summary.rubric_version}`,
	);
	printLine(
		io,
		`  pairs: ${totals.pairs} planned, ${totals.asked} asked, ${totals.cached} cached, ${totals.agreed} agreed, ${plural(totals.flips, "flip")} (ties), ${totals.incomplete} incomplete (errors), ${totals.skipped} skipped (both families), ${totals.fallback} to the fallback${identical > 0 ? `, ${identical} identical diffs left out` : ""}`,
	);
	printLine(
		io,
		`  judge calls: ${totals.calls}, ${plural(totals.errors, "error")}, cost ${formatCost(summary.cost_usd, summary.unpriced_calls)}${summary.unpriced_calls > 0 ? ` (${summary.unpriced_calls} unpriced)` : ""}`,
	);
	for (const error of summary.error_samples) printLine(io, `  error: ${error}`);
	for (const [task, note] of Object.entries(references)) printLine(io, `  ${task}: no reference fix shown (${note})`);
	printLine(io);
	if (ratings.ratings.length === 0) {
		printLine(io, "no ratings yet: no pair has a verdict in both orders");
		return;
	}
	printLine(
		io,
		`ratings: Bradley–Terry, ties half, 0 = the mean model of its component; ${Math.round(ratings.level * 100)} % intervals resampling tasks; ${plural(ratings.pairs, "pair")} counted, ${plural(ratings.flips, "flip")}`,
	);
	printLine(
		io,
		renderTable(
			["model", "harness", "rating", "interval", "p(top)", "comparisons", "tasks", "component"],
			ratings.ratings.map((rating) => [
				rating.model_id,
				rating.harness,
				signed(rating.rating),
				rating.interval === null ? "-" : `[${signed(rating.interval.low)}, ${signed(rating.interval.high)}]`,
				rating.p_top === null ? "-" : formatPercent(rating.p_top),
				String(rating.comparisons),
				String(rating.tasks),
				String(rating.component),
			]),
		),
	);
	if (!ratings.connected)
		printLine(io, "  ! the comparison graph is disconnected: ratings compare only within a component, never across");
}

function signed(value: number): string {
	const rounded = Math.round(value);
	return rounded > 0 ? `+${rounded}` : String(rounded === 0 ? 0 : rounded);
}
