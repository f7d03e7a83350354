import type { HiddenFile } from "./task.js";

/** What a validation variant must get from the verifier: its verdict `passed`, true or false. */
export const VARIANT_EXPECTATIONS = ["pass", "fail"] as const;
/** One of {@link VARIANT_EXPECTATIONS}. */
export type VariantExpectation = (typeof VARIANT_EXPECTATIONS)[number];

/**
 * Ids `validate-tasks --variant` gives the built-in runs, so a variant may not take them:
 * `baseline` (no change), `gold` (the reference) and `control` (the baseline plus a harmless change).
 */
export const RESERVED_VARIANT_IDS = ["baseline", "gold", "control"] as const;

/**
 * An alternative solution kept in the task folder (hidden from the model) and applied like the
 * reference: another correct repair that must pass, or an invalid one that must fail.
 */
export interface TaskVariant {
	/** Unique within the task; `validate-tasks --variant ID` runs it alone. */
	readonly id: string;
	/** A unified diff inside the task folder, applied to a copy of the fixture; null for none. */
	readonly patch: string | null;
	/** Files copied over the copy, after `patch`. */
	readonly files: readonly HiddenFile[];
	/** The final message given with it, for verifiers that grade one; null for none. */
	readonly response: string | null;
	/** The verdict it must get. */
	readonly expect: VariantExpectation;
	/** Why it exists (what it changes); null for none. */
	readonly note: string | null;
}

/**
 * An unrelated, harmless change (a comment appended to a file) applied on top of the baseline:
 * its verdict must be the baseline's, or the verifier reacts to something other than the fix.
 */
export interface TaskControl {
	/** A unified diff inside the task folder; null for none. */
	readonly patch: string | null;
	/** Files copied over the copy of the fixture, after `patch`. */
	readonly files: readonly HiddenFile[];
	/** What it changes; null for none. */
	readonly note: string | null;
}

/**
 * A task's offline validation beyond baseline and gold. Provenance for `validate-tasks` only: it
 * never enters a cell key, so adding a variant leaves every stored cell current.
 */
export interface TaskValidationPlan {
	/** See {@link TaskVariant}; in task.yaml order. */
	readonly variants: readonly TaskVariant[];
	/** See {@link TaskControl}; null for none. */
	readonly control: TaskControl | null;
}
