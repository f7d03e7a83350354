/**
 * The pairwise judge's rubric: what a careful reviewer of the repository weighs when choosing
 * between two passing changes (seed 001, "Pairwise judge"). Its version is part of every stored
 * verdict's cache key: change a criterion's wording and bump it, and every pair is asked again.
 */
export const PAIRWISE_RUBRIC_VERSION = "pairwise-rubric-1";

/** One criterion of the rubric, as the judge reads it. */
export interface PairwiseCriterion {
	readonly id: string;
	readonly text: string;
}

/** The criteria, in the order the judge is asked to weigh them. */
export const PAIRWISE_RUBRIC: readonly PairwiseCriterion[] = [
	{
		id: "scope",
		text: "Scope: the change does what the task asks and nothing else; no unrelated edits, renames or reformatting.",
	},
	{
		id: "minimal-diff",
		text: "Minimal diff: the smallest change that fixes the problem fully; no dead code, leftover debugging or commented-out code.",
	},
	{
		id: "surrounding-code",
		text: "Matching the surrounding code: the same style, naming, error handling and idioms as the code around it.",
	},
	{
		id: "tests",
		text: "Tests: behaviour that changed is covered by a test where the repository tests such code; tests are not weakened.",
	},
	{
		id: "invariants",
		text: "Repository invariants: conventions and rules of the repository (versioning, generated files, configuration, public interfaces) are kept.",
	},
	{
		id: "safety",
		text: "Safety: no secrets, no disabled checks, no new security or data-loss risk, nothing destructive.",
	},
];
