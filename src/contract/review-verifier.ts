/* The `review` verifier's contract: a model's review findings scored against planted bugs and decoys. */

/**
 * Lines of one fixture file a review finding may point at: a planted bug, or a decoy (code that
 * looks wrong but is correct in context). Line numbers are those of the finished fixture.
 */
export interface ReviewTarget {
	/** Id, unique across the task's bugs and decoys; names it in the score's extras. */
	readonly id: string;
	/** File inside fixture/, `/`-separated. */
	readonly file: string;
	/** Inclusive line ranges `[first, last]`, 1-based; several when the defect shows in more than one place. */
	readonly lines: readonly (readonly [number, number])[];
}

/**
 * Settings of the `review` verifier: the model writes its findings to `findings_file` as
 * `[{file, line, description}]`. Each finding is owned by the nearest bug or decoy on its file
 * within `tolerance` lines of one of its ranges (else it is a false positive); the score is
 * (bugs found − fp_penalty·false positives − decoy_penalty·decoys hit) / bugs, within 0..1.
 */
export interface ReviewVerifierArgs {
	/** The file the model writes its findings to, relative to the workdir. */
	readonly findings_file: string;
	/** The planted bugs; at least one. */
	readonly bugs: readonly ReviewTarget[];
	/** Code that looks wrong but is correct; a finding on one costs `decoy_penalty`. */
	readonly decoys: readonly ReviewTarget[];
	/** Lines a finding may lie outside a range and still be on it (integer, >= 0). */
	readonly tolerance: number;
	/** What each false positive (a finding on no bug or decoy) costs, in bugs. */
	readonly fp_penalty: number;
	/** What each decoy hit costs, in bugs. */
	readonly decoy_penalty: number;
	/** Score at or above which the attempt passes, in (0, 1]. */
	readonly pass_threshold: number;
}

/** A task graded by its review findings against planted bugs and decoys. See {@link ReviewVerifierArgs}. */
export interface ReviewVerifier {
	/** Discriminant. */
	readonly kind: "review";
	/** See {@link ReviewVerifierArgs}. */
	readonly args: ReviewVerifierArgs;
}
