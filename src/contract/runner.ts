import type { Attempt } from "./attempt.js";
import type { Case } from "./case.js";
import type { JsonObject } from "./json.js";
import type { ModelEntry } from "./model.js";

/** Everything a runner needs to execute one cell. */
export interface RunInput {
	/** The case to run. */
	readonly case: Case;
	/** The model to drive. */
	readonly model: ModelEntry;
	/** Which of the cell's repeated samples this is, from 0. */
	readonly sample_index: number;
	/** The harness settings and budget, as they enter the cell key. */
	readonly harness: JsonObject;
}

/**
 * Drives one harness: runs one case against one model and returns an Attempt. An expected
 * failure (a provider error, a timeout, a budget) is an attempt with a status, never a throw;
 * the host turns anything thrown into a `harness_error` attempt.
 */
export interface Runner {
	/** Contract version this runner implements. */
	readonly specificationVersion: "v1";
	/** Harness id shown on the leaderboard, e.g. `single-shot`. */
	readonly id: string;
	/** Version stored in provenance; bumping it changes cell keys. */
	readonly version: string;
	/**
	 * Settings of the harness that enter its cell-key part (`harnessKeyPart`) beside id and version,
	 * e.g. a user plugin's module hash; `{}` when absent. Passed back to `run()` as `input.harness`.
	 */
	readonly config?: JsonObject;
	/** Runs one cell. Must stop promptly when `signal` aborts. */
	run(input: RunInput, options: { signal: AbortSignal }): Promise<Attempt>;
}
