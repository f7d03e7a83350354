import type { Inspection } from "../../api/types.js";

/** One model × harness of an inspection, with its samples. */
export type InspectedModel = Inspection["models"][number];
/** One sample (one run) of a model on the inspected case. */
export type InspectedSample = InspectedModel["samples"][number];
/** One metric of a sample. */
export type InspectedScore = InspectedSample["scores"][number];
/** One step of an agent's trace. */
export type TraceStep = InspectedSample["trace"][number];
/** One juror's vote on a sample. */
export type JuryVote = NonNullable<InspectedScore["jury_votes"]>[number];
/** A grader's free-form record (`extras`): a verifier's exit code, checks, tests. */
export type Extras = NonNullable<InspectedScore["extras"]>;
/** A JSON value as the API sends it inside `extras` and `input`. */
export type Json = Extras[string];

/** The DOM id of a model's card, so a link's `?model=&harness=` can scroll to it. */
export function modelCardId(model: { model_id: string; harness: string }): string {
	return `model-${encodeURIComponent(model.model_id)}-${encodeURIComponent(model.harness)}`.replace(/%/g, "_");
}

/** A score as `0.750 (3/4)`: the value, then the grader's label when it says more (as `touchstone inspect` does). */
export function describeScore(score: Pick<InspectedScore, "value" | "value_label" | "critical_failure">): string {
	const value = score.value === null ? null : score.value.toFixed(3);
	let label = score.value_label?.trim() ?? "";
	const leading = label.match(/^-?\d+(\.\d+)?/)?.[0];
	if (leading !== undefined && score.value !== null && Math.abs(Number(leading) - score.value) < 0.0005)
		label = label
			.slice(leading.length)
			.trim()
			.replace(/^\((.*)\)$/, "$1");
	const gate = score.critical_failure && !/critical/i.test(label) ? "critical failure" : "";
	const notes = [label, gate].filter((part) => part !== "").join(", ");
	if (value === null) return notes === "" ? "unknown" : notes;
	return notes === "" ? value : `${value} (${notes})`;
}
