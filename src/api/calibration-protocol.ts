import type { InputIssue } from "../contract/index.js";

/** What the read thread is opened with: the store it opens read-only. */
export interface CalibrationThreadData {
	readonly database: string;
	readonly artifacts: string;
}

/** One calibration to compute: calibrateUseCase's arguments, as plain data. */
export interface CalibrationJob {
	readonly useCaseId: string;
	readonly benchmarkVersion?: string;
	readonly bootstrap: { readonly samples: number; readonly seed: number };
}

/** One case's inspection to compute (of the current benchmark version): inspectCase's arguments. */
export interface InspectionJob {
	readonly useCaseId: string;
	readonly caseId: string;
}

/**
 * A message to the thread: compute a calibration, an inspection (answered encoded, see
 * EncodedBody), or list the case ids of a use case's current spec.
 */
export type ToCalibrationThread =
	| { readonly type: "calibrate"; readonly id: number; readonly job: CalibrationJob }
	| { readonly type: "inspect"; readonly id: number; readonly job: InspectionJob }
	| { readonly type: "cases"; readonly id: number; readonly useCaseId: string };

/** A failure carried across the thread boundary as plain data, so the API maps it as the synchronous path would. */
export interface CalibrationThreadError {
	/** `BadInputError`, `NotFoundError` or anything else (answered 500). */
	readonly name: string;
	readonly message: string;
	readonly issues: readonly InputIssue[];
}

/**
 * An answer encoded as the response cache keeps it (see encodeBody): the strong tag of its
 * UTF-8 JSON, and either that JSON (small) or its gzip alone (large). Encoding on the thread
 * leaves the server's thread only the cache's bookkeeping.
 */
export interface EncodedBody {
	readonly tag: string;
	readonly bytes: Uint8Array;
	readonly zipped: boolean;
}

/** A message from the thread: the answer, or why there is none. */
export type FromCalibrationThread =
	| { readonly type: "report"; readonly id: number; readonly json: string }
	| { readonly type: "inspection"; readonly id: number; readonly body: EncodedBody }
	| { readonly type: "cases"; readonly id: number; readonly caseIds: readonly string[] }
	| { readonly type: "failed"; readonly id: number; readonly error: CalibrationThreadError };
