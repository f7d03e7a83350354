import { TouchstoneError } from "../../contract/index.js";

/** Stable code of {@link VerifierHarnessError}. */
export const VERIFIER_HARNESS_CODE = "verifier-harness";

/**
 * A verifier could not reach a verdict for a reason that is not the model's: the grading copy
 * could not be set up, the test command's program is missing, the report is unparsable or empty,
 * a checks script crashed or printed no checks. Thrown from `grade`, so the host records a grader
 * error that earns no credit and is left out of aggregates, never a score of 0.
 */
export class VerifierHarnessError extends TouchstoneError {
	/** Which verifier broke, e.g. `tests`. */
	readonly verifier: string;
	/** How to fix it. */
	readonly fix: string;

	constructor(verifier: string, message: string, fix: string, options?: { cause?: unknown }) {
		super(VERIFIER_HARNESS_CODE, `${verifier} verifier: ${message}\n  fix: ${fix}`, options);
		this.name = "VerifierHarnessError";
		this.verifier = verifier;
		this.fix = fix;
	}
}
