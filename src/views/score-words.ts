import type { InspectedScore } from "./inspector.js";

/**
 * A score in words, as `touchstone inspect` and the dashboard's inspector both write it:
 * `0.750 (3/4)`: the value, then the grader's label when it says more than the value (`pass`,
 * `3/4`, `capped`, `critical failure`), then the gate when the label has not said it. A score
 * without a value is its label alone, or `unknown` (the CLI passes `-`).
 */
export function describeScore(
	score: Pick<InspectedScore, "value" | "value_label" | "critical_failure">,
	unknown = "unknown",
): string {
	const value = score.value === null ? null : score.value.toFixed(3);
	let label = score.value_label?.trim() ?? "";
	// A label that restates the value (`0.75`, or `0.2 (capped)`) keeps only what it adds.
	const leading = label.match(/^-?\d+(\.\d+)?/)?.[0];
	if (leading !== undefined && score.value !== null && Math.abs(Number(leading) - score.value) < 0.0005)
		label = label
			.slice(leading.length)
			.trim()
			.replace(/^\((.*)\)$/, "$1");
	const gate = score.critical_failure && !/critical/i.test(label) ? "critical failure" : "";
	const notes = [label, gate].filter((part) => part !== "").join(", ");
	if (value === null) return notes === "" ? unknown : notes;
	return notes === "" ? value : `${value} (${notes})`;
}
