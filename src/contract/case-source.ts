import type { CaseData } from "./case.js";

/** Produces the graded cases of one use case. */
export interface CaseSource {
	/** Contract version this source implements. */
	readonly specificationVersion: "v1";
	/** Stable id, e.g. `yaml-cases`. */
	readonly id: string;
	/**
	 * Loads every case. Returned data is validated by the host, so a plugin's mistake becomes a
	 * clear bad-input error instead of a broken run.
	 */
	loadCases(options: { signal: AbortSignal }): Promise<readonly CaseData[]>;
}
