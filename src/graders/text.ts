/**
 * Folds case for comparison: upper then lower case, so `ß` matches `SS` and a final `ς` matches
 * `Σ`, which a plain toLowerCase() misses.
 */
export function foldCase(text: string): string {
	return text.toUpperCase().toLowerCase();
}

/** Options shared by the checks that compare text. */
export interface TextNormalization {
	readonly case_sensitive: boolean;
	readonly trim: boolean;
	readonly normalize_whitespace: boolean;
}

/**
 * Prepares text for comparison. Unicode is always put in NFC form, so an `é` typed as one code
 * point equals one typed as `e` plus an accent.
 */
export function normalizeText(text: string, options: TextNormalization): string {
	let result = text.normalize("NFC");
	if (options.normalize_whitespace) result = result.replace(/\s+/gu, " ");
	if (options.trim) result = result.trim();
	if (!options.case_sensitive) result = foldCase(result);
	return result;
}

/** A short, quoted rendering of model output for reasoning text. */
export function preview(text: string, limit = 80): string {
	if (text.length === 0) return "an empty output";
	if (text.trim().length === 0) return "an output of only whitespace";
	const shown = text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
	return JSON.stringify(shown);
}

/** Quotes a list of values for reasoning text: `"a", "b"`. */
export function quoteList(values: readonly string[]): string {
	return values.map((value) => JSON.stringify(value)).join(", ");
}
