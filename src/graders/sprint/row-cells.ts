import type { SprintFootprint, SprintLayer, SprintOutcome, SprintRowInput } from "../../contract/index.js";
import { displayScore, type FoldedSprintRow } from "./fold-row.js";

/**
 * The cells a sprint row shows, each a pure function of the row and its fold, shared by the
 * history row and the human report so both say the same thing. `-` is a figure nobody measured
 * (the fold's `missing` says why), never a zero.
 */

/** `pass`, `fail@M02` or `harness error`. */
export function outcomeCell(outcome: SprintOutcome): string {
	return outcome === "passed" ? "pass" : outcome === "harness_error" ? "harness error" : outcome;
}

/** Whether the fold lists the layer as not shown. */
export function isMissing(folded: FoldedSprintRow, layer: SprintLayer): boolean {
	return folded.missing.some((entry) => entry.layer === layer);
}

/** `ok` when every gate held, `fail` when one did not, `-` when the gates were not measured. */
export function gatesCell(row: SprintRowInput, folded: FoldedSprintRow): string {
	if (isMissing(folded, "gates")) return "-";
	return row.layers.gates?.passed === true ? "ok" : "fail";
}

/** A layer's score 0–100 with one decimal, or `-`. */
export function layerCell(row: SprintRowInput, folded: FoldedSprintRow, layer: SprintLayer): string {
	return isMissing(folded, layer) ? "-" : displayScore(row.layers[layer]?.score ?? null);
}

/**
 * The mutation layer's kill rate as `killed/applied` (its figures `killed` and `applied`: patches
 * that did not apply are neither killed nor survived), or its
 * score 0–100 when the figures do not carry the counts; `-` when not measured.
 */
export function mutationsCell(row: SprintRowInput, folded: FoldedSprintRow): string {
	if (isMissing(folded, "mutations")) return "-";
	const figures = row.layers.mutations?.figures ?? {};
	const { killed, applied } = figures;
	if (typeof killed === "number" && typeof applied === "number") return `${killed}/${applied}`;
	return layerCell(row, folded, "mutations");
}

/** The reviewers' mean grade with two decimals (`4.38`), or `-`. */
export function reviewCell(folded: FoldedSprintRow): string {
	return folded.review_grade === null ? "-" : folded.review_grade.toFixed(2);
}

/**
 * USD (`$0.0123`, the `$` escaped so it cannot open math): exact when every call's cost is known;
 * `≥ $x` when some calls' cost is unknown and the cost layer's figures give the known part
 * (`known_cost_usd`); `-` when nothing is known.
 */
export function costCell(row: SprintRowInput): string {
	const { cost_usd, cost_unknown_calls } = row.footprint;
	if (cost_usd !== null) return cost_unknown_calls > 0 ? `≥ ${usd(cost_usd)}` : usd(cost_usd);
	const known = row.layers.cost?.figures.known_cost_usd;
	return typeof known === "number" && known > 0 ? `≥ ${usd(known)}` : "-";
}

function usd(value: number): string {
	const digits = value === 0 ? 2 : value < 1 ? 4 : 2;
	return `\\$${value.toFixed(digits)}`;
}

/** `12.3k in / 1.2k out`; an unknown count is `-`, both unknown is `-`. */
export function tokensCell(footprint: SprintFootprint): string {
	const { input_tokens, output_tokens } = footprint;
	if (input_tokens === null && output_tokens === null) return "-";
	return `${count(input_tokens)} in / ${count(output_tokens)} out`;
}

function count(value: number | null): string {
	if (value === null) return "-";
	if (value < 1000) return String(value);
	if (value < 1_000_000) return `${(value / 1000).toFixed(1)}k`;
	return `${(value / 1_000_000).toFixed(2)}M`;
}

/** Seconds as `12m 03s`, or `1h 05m 09s` from an hour. */
export function wallClockCell(seconds: number): string {
	const whole = Math.max(0, Math.round(seconds));
	const pad = (value: number) => String(value).padStart(2, "0");
	const hours = Math.floor(whole / 3600);
	const minutes = Math.floor((whole % 3600) / 60);
	const rest = whole % 60;
	return hours > 0 ? `${hours}h ${pad(minutes)}m ${pad(rest)}s` : `${minutes}m ${pad(rest)}s`;
}

/** `+120 −14 in 5 files`. */
export function diffCell(footprint: SprintFootprint): string {
	const { added, removed, files } = footprint.diff;
	return `+${added} −${removed} in ${files} file${files === 1 ? "" : "s"}`;
}
