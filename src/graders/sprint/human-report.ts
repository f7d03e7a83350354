import { type JsonValue, SPRINT_LAYERS, type SprintLayer, type SprintRowInput } from "../../contract/index.js";
import { displayScore, type FoldedSprintRow } from "./fold-row.js";
import { markdownText as md, tableLine } from "./markdown-text.js";
import { reviewerRowsOf } from "./review-layer.js";
import {
	costCell,
	diffCell,
	gatesCell,
	mutationsCell,
	outcomeCell,
	reviewCell,
	tokensCell,
	wallClockCell,
} from "./row-cells.js";

/** A figure's JSON beyond this many characters is cut in the report (the detail JSON has it whole). */
const MAX_FIGURE_CHARACTERS = 400;

/**
 * The human report of one run (`reports/<run-name>.md`, linked from its history row): a summary,
 * how the code score was folded, every layer with its figures (and for a layer shown as `-` the
 * reason), the reviewers' rows, the footprint and where the log is. Every piece of user or model
 * text (the model id, reasons, rationales, figures) is escaped, so none of it becomes markup.
 */
export function humanReport(row: SprintRowInput, folded: FoldedSprintRow): string {
	const lines = [
		`# Sprint run: ${md(row.sprint)} · ${md(row.model)} · ${md(row.orchestration)}`,
		"",
		...summary(row, folded),
		"",
		"## Code score",
		"",
		...codeScore(folded),
		"",
		"## Layers",
		...SPRINT_LAYERS.flatMap((layer) => ["", ...layerSection(row, folded, layer)]),
		"",
		"## Reviews",
		"",
		...reviews(row),
		"",
		"## Footprint",
		"",
		`- diff: ${diffCell(row.footprint)}`,
		`- tokens: ${tokensCell(row.footprint)}`,
		`- cost: ${costCell(row)}${row.footprint.cost_unknown_calls > 0 ? ` (${row.footprint.cost_unknown_calls} of ${row.footprint.calls} calls of unknown cost)` : ""}`,
		`- model calls: ${row.footprint.calls}`,
		`- wall clock: ${wallClockCell(row.footprint.wall_clock_s)}`,
		"",
		"## Log",
		"",
		`The run's ndjson log: ${md(row.log)} in the workspace ${md(row.workspace)}.`,
	];
	return `${lines.join("\n")}\n`;
}

function summary(row: SprintRowInput, folded: FoldedSprintRow): string[] {
	return [
		tableLine(["", ""]),
		tableLine(["---", "---"]),
		tableLine(["outcome", md(outcomeCell(row.outcome))]),
		tableLine(["passed", folded.passed ? "yes" : "no"]),
		tableLine(["code score", displayScore(folded.code_score)]),
		tableLine(["gates", gatesCell(row, folded)]),
		tableLine(["mutations", mutationsCell(row, folded)]),
		tableLine(["review", reviewCell(folded)]),
		tableLine(["sprint version", md(row.sprint_version)]),
		tableLine(["branch", md(row.branch)]),
		tableLine(["started", md(row.started_at)]),
		tableLine(["finished", md(row.finished_at)]),
	];
}

function codeScore(folded: FoldedSprintRow): string[] {
	const total = folded.parts.reduce((sum, part) => sum + (part.used ? part.weight : 0), 0);
	const intro =
		folded.code_score === null
			? "No code score: no scored layer entered it (see the layers below for why)."
			: "The weighted mean of the layers below that were measured, their weights renormalised over those layers.";
	return [
		intro,
		"",
		tableLine(["layer", "weight", "share", "score", "used"]),
		tableLine(["---", "---", "---", "---", "---"]),
		...folded.parts.map((part) =>
			tableLine([
				part.layer,
				String(part.weight),
				part.used && total > 0 ? `${((100 * part.weight) / total).toFixed(1)}%` : "-",
				displayScore(part.score),
				part.used ? "yes" : "no",
			]),
		),
	];
}

function layerSection(row: SprintRowInput, folded: FoldedSprintRow, layer: SprintLayer): string[] {
	const result = row.layers[layer];
	const missing = folded.missing.find((entry) => entry.layer === layer);
	const lines = [`### ${layer}`, ""];
	if (missing !== undefined) lines.push(`Shown as \`-\`: ${md(missing.reason).replace(/\.$/, "")}.`);
	else if (layer === "gates") lines.push(`Result: ${gatesCell(row, folded)}.`);
	else if (layer === "cost") lines.push(`Result: ${costCell(row)}.`);
	else if (layer === "review") lines.push(`Result: mean grade ${reviewCell(folded)} of 5.`);
	else lines.push(`Result: ${displayScore(result?.score ?? null)} of 100.`);
	if (result === undefined) return lines;
	lines.push("", `Version ${md(result.version)}. Figures:`, "");
	const figures = Object.entries(result.figures).filter(([key]) => !(layer === "review" && key === "reviewers"));
	if (figures.length === 0) lines.push("- (none)");
	for (const [key, value] of figures) lines.push(`- ${md(key)}: ${figureText(value)}`);
	return lines;
}

function figureText(value: JsonValue): string {
	if (value === null) return "-";
	if (typeof value === "number" || typeof value === "boolean") return String(value);
	const text = typeof value === "string" ? value : JSON.stringify(value);
	return md(
		text.length > MAX_FIGURE_CHARACTERS ? `${text.slice(0, MAX_FIGURE_CHARACTERS)}… (whole in the detail JSON)` : text,
	);
}

function reviews(row: SprintRowInput): string[] {
	const review = row.layers.review;
	const rows = review === undefined ? [] : reviewerRowsOf(review.figures);
	if (rows.length === 0) return ["No reviewer graded this run (see the review layer above for why)."];
	return [
		tableLine(["reviewer", "family", "grade", "rationale or error"]),
		tableLine(["---", "---", "---", "---"]),
		...rows.map((reviewer) =>
			tableLine([
				md(reviewer.reviewer),
				reviewer.family === null ? "-" : md(reviewer.family),
				reviewer.grade === null ? "-" : String(reviewer.grade),
				reviewer.error === null ? md(reviewer.rationale ?? "") : `error: ${md(reviewer.error)}`,
			]),
		),
	];
}
