/** What replaces a secret wherever one would have shown. */
export const REDACTED = "<redacted>";

/**
 * Replaces every occurrence of each secret in a text. Providers mask their own key in the error
 * messages they throw (which may be printed before a run sees them); what a reply holds is left
 * to the run's counted redaction.
 */
export function redact(text: string, secrets: readonly string[]): string {
	return redactCounting(text, secrets).text;
}

/** {@link redact}, also saying how many occurrences were replaced (for the run's count). */
export function redactCounting(text: string, secrets: readonly string[]): { text: string; count: number } {
	let result = text;
	let count = 0;
	for (const secret of secrets) {
		if (secret.length === 0 || !result.includes(secret)) continue;
		const pieces = result.split(secret);
		count += pieces.length - 1;
		result = pieces.join(REDACTED);
	}
	return { text: result, count };
}
