import type { SprintRowInput } from "../../contract/index.js";
import { displayScore, type FoldedSprintRow } from "./fold-row.js";
import { markdownText, tableLine } from "./markdown-text.js";
import {
	costCell,
	diffCell,
	gatesCell,
	layerCell,
	mutationsCell,
	outcomeCell,
	reviewCell,
	tokensCell,
	wallClockCell,
} from "./row-cells.js";

/** The columns of `history.md`, in order. */
export const HISTORY_COLUMNS = [
	"date",
	"model",
	"orch",
	"outcome",
	"code",
	"gates",
	"corpus",
	"mutations",
	"process",
	"review",
	"cost",
	"tokens",
	"wall clock",
	"diff",
	"report",
] as const;

/** The table's header line and rule, which `appendHistory` checks an existing file for. */
export const HISTORY_HEADER = [tableLine(HISTORY_COLUMNS), tableLine(HISTORY_COLUMNS.map(() => "---"))] as const;

/** What a new `history.md` starts with: a title, what the table is, and the header. */
export const HISTORY_PREAMBLE = [
	"# Sprint history",
	"",
	"One row per sprint run, appended by touchstone and never edited: the append-only scorecard.",
	"`code` is the weighted layer score 0–100, `review` the reviewers' mean grade 1–5, `mutations` the kill rate.",
	"A cell reading `-` is a layer that was not measured, never a zero: the run's report says why.",
	"",
	...HISTORY_HEADER,
].join("\n");

/**
 * One `history.md` table row of a folded run (no line end): every cell a figure, `-` or text
 * escaped for markdown (a model id is user input: a `|` in it must not split the row, a
 * `<script>` must not become HTML), and a link to the run's human report when given (its path
 * relative to `history.md`, e.g. `reports/<run-name>.md`).
 */
export function historyRow(row: SprintRowInput, folded: FoldedSprintRow, report: string | null = null): string {
	const cells = [
		markdownText(row.started_at.slice(0, 10)),
		markdownText(row.model),
		markdownText(row.orchestration),
		markdownText(outcomeCell(row.outcome)),
		displayScore(folded.code_score),
		gatesCell(row, folded),
		layerCell(row, folded, "corpus"),
		mutationsCell(row, folded),
		layerCell(row, folded, "process"),
		reviewCell(folded),
		costCell(row),
		tokensCell(row.footprint),
		wallClockCell(row.footprint.wall_clock_s),
		diffCell(row.footprint),
		report === null ? "-" : `[report](${linkTarget(report)})`,
	];
	return tableLine(cells);
}

/** A relative path as a markdown link target: each segment percent-encoded, so `(`, `)` or a space cannot end it. */
export function linkTarget(path: string): string {
	return path
		.split("/")
		.map((segment) => encodeURIComponent(segment).replace(/[()]/g, (char) => `%${char.charCodeAt(0).toString(16)}`))
		.join("/");
}
