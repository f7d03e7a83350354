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

/** A score in words, as `touchstone inspect` writes it (one function for both). */
export { describeScore } from "../../../../src/views/score-words.js";
