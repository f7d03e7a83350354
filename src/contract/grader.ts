import type { Attempt } from "./attempt.js";
import type { Case } from "./case.js";
import type { JsonObject } from "./json.js";
import type { ModelEntry } from "./model.js";
import type { Score } from "./score.js";

/** What a grader sees: the case (with its hidden reference) and the attempt. */
export interface GradeInput {
	/** The case, including the reference the model never saw. */
	readonly case: Case;
	/** The attempt to grade. */
	readonly attempt: Attempt;
	/**
	 * The registry entry of the model that made the attempt, for decisions the host takes about
	 * the grading itself (a jury leaving out a candidate's own family); never to be shown to a
	 * judge. Absent when the caller grades without a model (a task's gold patch).
	 */
	readonly model?: ModelEntry | undefined;
}

/** Scores one attempt of one case. Never writes to the store itself. */
export interface Grader {
	/** Contract version this grader implements. */
	readonly specificationVersion: "v1";
	/** Stable id stored with every score, e.g. `contains`. */
	readonly id: string;
	/** Version stored with every score; bumping it changes cell keys. */
	readonly version: string;
	/** The validated, normalized grading configuration; it enters every cell key. */
	readonly config: JsonObject;
	/** The metric this grader offers as the headline; a use case's `headline:` overrides it. */
	readonly headline?: string;
	/**
	 * Returns one score per metric. A grader that cannot grade (a judge quorum not met) throws a
	 * TouchstoneError; the host records it on the cell as a grader error, never as a score.
	 */
	grade(input: GradeInput, options: { signal: AbortSignal }): Promise<readonly Score[]>;
}
