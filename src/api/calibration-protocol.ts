import type { InputIssue } from "../contract/index.js";

/** What the calibration thread is opened with: the store it opens read-only. */
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

/** A message to the thread: compute a calibration. */
export interface ToCalibrationThread {
	readonly type: "calibrate";
	readonly id: number;
	readonly job: CalibrationJob;
}

/** A failure carried across the thread boundary as plain data, so the API maps it as the synchronous path would. */
export interface CalibrationThreadError {
	/** `BadInputError`, `NotFoundError` or anything else (answered 500). */
	readonly name: string;
	readonly message: string;
	readonly issues: readonly InputIssue[];
}

/** A message from the thread: the report as JSON, or why there is none. */
export type FromCalibrationThread =
	| { readonly type: "report"; readonly id: number; readonly json: string }
	| { readonly type: "failed"; readonly id: number; readonly error: CalibrationThreadError };
