import type { GradingCost, Leaderboard } from "../views/index.js";
import { describeDeployments } from "./describe-offload.js";
import { formatCost } from "./format.js";
import { type CliIo, printLine } from "./io.js";
import { defaultColumns, type LeaderboardColumn } from "./leaderboard-columns.js";
import { originLegend, originMark } from "./origin-marks.js";
import { printAggregateRows } from "./print-aggregate-rows.js";
import { printDecision } from "./print-decision.js";
import { renderTable } from "./table.js";
import type { LeaderboardLens } from "./task-leaderboard-columns.js";

/**
 * Prints a leaderboard as a table (the default columns, or `columns`): limited-precision rows
 * carry a trailing `*`, rows that ran unisolated a `!`, so neither passes for the other kind, and
 * rows a juror of their own family judged a `^`, and rows from another store or an imported file
 * name their source (`[lab]`). Under the table, what the jury's grading cost
 * beside the candidates' cost. A task use case's table shows the gate model, or one `lens`.
 */
export function printLeaderboard(
	io: CliIo,
	board: Leaderboard,
	columns?: readonly LeaderboardColumn[],
	lens?: LeaderboardLens,
): void {
	const shown = columns ?? defaultColumns(board, lens);
	const harnesses = [...new Set(board.rows.map((row) => row.harness))];
	const harness =
		!shown.some((item) => item.name === "harness") && harnesses.length === 1 ? `, harness: ${harnesses[0]}` : "";
	printLine(io, `${board.use_case_id} (${board.benchmark_version}), headline: ${board.headline_metric}${harness}`);
	printLine(
		io,
		renderTable(
			["model", ...shown.map((item) => item.header)],
			board.rows.map((row) => [
				`${row.model_id}${row.precision === "limited" ? " *" : ""}${row.unisolated_rows > 0 ? " !" : ""}${row.self_judged ? " ^" : ""}${originMark(row)}${row.deployed ? " (deployed)" : ""}${row.reference ? " (reference)" : ""}${row.retired === true ? " (retired)" : ""}`,
				...shown.map((item) => item.cell(row, board)),
			]),
		),
	);
	const notes = [];
	if (board.rows.length === 0 && board.aggregate_rows.length > 0)
		notes.push("no per-case rows here: this version is known only from summaries (below)");
	if (board.rows.some((row) => row.precision === "limited"))
		notes.push("* limited depth: not every case was run (floor cases only), low precision");
	if (board.rows.some((row) => row.precision === "thorough" && row.cases < board.spec_cases))
		notes.push("fewer cases on a row without *: every case ran, but some ended in errors (left out of its figures)");
	const unisolated = board.rows.filter((row) => row.unisolated_rows > 0);
	if (unisolated.length > 0)
		notes.push(
			`! unisolated: ${unisolated.reduce((total, row) => total + row.unisolated_rows, 0)} rows ran their commands on the plain process backend (no bubblewrap),\n    not isolated from this machine; for isolated results install bubblewrap and run them again with --force`,
		);
	const selfJudged = board.rows.filter((row) => row.self_judged);
	if (selfJudged.length > 0)
		notes.push(
			`^ self-judged: a juror of the model's own model or family graded ${selfJudged.reduce((total, row) => total + row.self_judged_rows, 0)} of these rows,
    so the headline may be flattered; set \`exclude_own_family: true\` on the judge panel to leave such jurors out`,
		);
	if (board.rows.some((row) => row.unknown_cost > 0)) notes.push("+? some costs unknown: the figure is a lower bound");
	const origins = originLegend(board.rows);
	if (origins !== null) notes.push(origins);
	const normed = board.rows.filter((row) => row.norms_mean !== null);
	// A line, not a default column: the default columns fill a 120-character terminal already.
	if (normed.length > 0 && !shown.some((item) => item.name === "norms"))
		notes.push(
			`norms, mean over passing cells (n), not ranked: ${normed.map((row) => `${row.model_id} ${row.norms_mean?.toFixed(2)} (${row.norms_n})`).join(", ")}`,
		);
	notes.push(...gateNotes(board));
	if (board.stale_rows > 0) notes.push(`${board.stale_rows} stale rows of older definitions left out`);
	if (board.superseded_rows > 0)
		notes.push(`${board.superseded_rows} older rows of re-run cells replaced by later ones`);
	for (const note of notes) printLine(io, `  ${note}`);
	printAggregateRows(io, board);
	if (board.grading_cost !== null) printLine(io, `  ${describeGradingCost(board.grading_cost)}`);
	const deployments = describeDeployments(board.deployments);
	if (deployments !== null) printLine(io, `  ${deployments}`);
	printDecision(io, board.decision);
}

/** What the gate columns of a task use case mean, and its pass@k and pass^k as a line (not a default column). */
function gateNotes(board: Leaderboard): string[] {
	if (board.floor_miss_tolerance === null) return [];
	const notes = [
		`gate: qualified with at most ${board.floor_miss_tolerance} floor miss${board.floor_miss_tolerance === 1 ? "" : "es"}; ranked by hard passes, frontier mean, then cost (references unranked)`,
		"  misses: qualified (yes, no, ?), then floor tasks missed / floor tasks; hard: hard tasks passed / hard tasks",
	];
	if (board.rows.some((row) => (row.floor_unmeasured ?? 0) > 0))
		notes.push(
			"+n? floor tasks without a graded attempt (harness errors): neither pass nor miss; ? when they decide it (unranked)",
		);
	const estimated = board.rows.filter((row) => row.pass_at_k?.value != null);
	if (estimated.length > 0)
		notes.push(
			`pass@${estimated[0]?.pass_at_k?.k} / pass^${estimated[0]?.pass_at_k?.k} (tasks): ${estimated.map((row) => `${row.model_id} ${row.pass_at_k?.value?.toFixed(2)} / ${row.pass_hat_k?.value?.toFixed(2)} (${row.pass_at_k?.n})`).join(", ")}`,
		);
	return notes;
}

/** `grading $0.0123 (3 of 40 votes unpriced), candidates $0.4567`: the jury's cost beside the candidates'. */
export function describeGradingCost(cost: GradingCost): string {
	const unpriced =
		cost.unpriced_votes > 0 ? ` (${cost.unpriced_votes} of ${cost.votes} votes unpriced)` : ` (${cost.votes} votes)`;
	const unrecorded =
		cost.unrecorded_rows > 0
			? `; ${cost.unrecorded_rows} jury-graded rows stored before juror costs were recorded are not counted`
			: "";
	const failed =
		cost.failed_rows > 0
			? `; ${cost.failed_rows} row${cost.failed_rows === 1 ? "" : "s"} whose jury missed its quorum (no score) counted`
			: "";
	return `grading ${formatCost(cost.cost_usd, cost.unpriced_votes + cost.unrecorded_rows)}${unpriced}${unrecorded}${failed}, candidates ${formatCost(cost.candidates_cost_usd, cost.candidates_unknown_cost)}`;
}
