import type { Leaderboard } from "../../api/types.js";
import { usd } from "../../ui/format.js";

/** What the table's marks mean and what it leaves out, as the CLI's lines under its table say. */
export function TableNotes({ board }: { board: Leaderboard }) {
	const notes: string[] = [];
	const { rows } = board;
	if (rows.some((row) => row.precision === "limited"))
		notes.push("* limited depth (dashed rows): not every case was run (floor cases only), low precision");
	if (rows.some((row) => row.precision === "thorough" && row.cases < board.spec_cases))
		notes.push("fewer cases on a row without *: every case ran, but some ended in errors (left out of its figures)");
	if (rows.some((row) => row.unknown_cost > 0))
		notes.push("≥ some costs unknown: the cost per case is a lower bound; ? no cost known at all");
	if (rows.some((row) => row.self_judged))
		notes.push(
			"^ self-judged: a juror of the model's own model or family graded some of its rows, so the headline may be flattered",
		);
	const sources = [...new Set(rows.flatMap((row) => row.sources))].sort();
	if (sources.length > 0)
		notes.push(
			`from ${sources.join(", ")}: rows brought in from elsewhere (touchstone ingest of another store, or import of a results file), not run here${rows.some((row) => row.sources.length > 0 && row.native_rows > 0) ? "; + here: some of its rows ran here too" : ""}`,
		);
	if (rows.some((row) => row.unisolated_rows > 0))
		notes.push("! unisolated: some rows ran their commands on the plain process backend (no bubblewrap)");
	if (board.floor_miss_tolerance !== null)
		notes.push(
			`gate: qualified with at most ${board.floor_miss_tolerance} floor miss${board.floor_miss_tolerance === 1 ? "" : "es"}; ranked (#) by hard passes, frontier mean, then cost (references unranked)`,
		);
	notes.push("errors: harness errors / grader errors / critical failures; intervals in brackets are 95 %");
	if (board.stale_rows > 0) notes.push(`${board.stale_rows} stale rows of older definitions left out`);
	if (board.superseded_rows > 0)
		notes.push(`${board.superseded_rows} older rows of re-run cells replaced by later ones`);
	const grading = board.grading_cost;
	return (
		<ul class="table-notes muted">
			{notes.map((note) => (
				<li key={note}>{note}</li>
			))}
			{grading !== null && (
				<li>
					grading {usd(grading.cost_usd)}
					{grading.unpriced_votes > 0 ? "+?" : ""} ({grading.votes} votes
					{grading.unpriced_votes > 0 ? `, ${grading.unpriced_votes} unpriced` : ""}), candidates{" "}
					{usd(grading.candidates_cost_usd)}
					{grading.candidates_unknown_cost > 0 ? "+?" : ""}
				</li>
			)}
		</ul>
	);
}
