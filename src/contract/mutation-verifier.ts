/* The `mutation` verifier's contract: a suite the model writes, run against hidden mutants of a pinned module. */
import { TEST_REPORT_FORMATS } from "./task.js";

/** Report formats the `mutation` verifier reads: a test report, or only the exit status (`exit-code`: the suite passes iff it exits 0). */
export const MUTATION_REPORT_FORMATS = [...TEST_REPORT_FORMATS, "exit-code"] as const;
/** One of {@link MUTATION_REPORT_FORMATS}. */
export type MutationReportFormat = (typeof MUTATION_REPORT_FORMATS)[number];

/** One find/replace edit of the module under test: a mutant (a plausible bug) or an equivalent (a behaviour-preserving rewrite). */
export interface MutationEdit {
	/** Unique among the task's mutants and equivalents; names it in extras and errors. */
	readonly id: string;
	/** Text that must occur exactly once in the module. */
	readonly find: string;
	/** Text put in its place. */
	readonly replace: string;
}

/**
 * Settings of the `mutation` verifier: the model writes a test suite for `module` (pinned by
 * `module_sha256`); the suite must pass on the module as given, then each mutant is applied
 * alone to a fresh copy and the suite re-run. The score is the fraction of mutants caught (the
 * suite fails); a suite that fails on an equivalent scores 0.
 */
export interface MutationVerifierArgs {
	/** The module the model writes tests for, relative to the workdir. */
	readonly module: string;
	/** Hex sha256 of the module as the fixture holds it; a model's tree whose module differs is a graded failure. */
	readonly module_sha256: string;
	/** Program and arguments that run the model's suite (argv, no shell), with the workdir as cwd. */
	readonly command: readonly string[];
	/** See {@link MUTATION_REPORT_FORMATS}. */
	readonly report: MutationReportFormat;
	/** File the command writes its report to, relative to the workdir; null means stdout (or no report, for `exit-code`). */
	readonly report_file: string | null;
	/** The mutants, each applied alone; at least one. */
	readonly mutants: readonly MutationEdit[];
	/** Behaviour-preserving rewrites the suite must pass on. */
	readonly equivalent: readonly MutationEdit[];
	/** Fraction of mutants caught at or above which the attempt passes, in (0, 1]; default 1. */
	readonly pass_threshold: number;
	/** Extra environment variables for the command. */
	readonly env: Readonly<Record<string, string>>;
	/** Most seconds one run of the suite may take. */
	readonly timeout_s: number;
}

/** A task graded by mutation testing the model's suite. See {@link MutationVerifierArgs}. */
export interface MutationVerifier {
	/** Discriminant. */
	readonly kind: "mutation";
	/** See {@link MutationVerifierArgs}. */
	readonly args: MutationVerifierArgs;
}
