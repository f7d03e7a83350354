import type { JsonValue } from "../contract/index.js";

/** What replaces a secret wherever one would have shown. */
export const REDACTED = "<redacted>";

/**
 * Replaces every occurrence of each secret in a text. Keys never reach errors or raw replies on
 * purpose; this is the second line of defence against a server that echoes one back.
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

/** A JSON copy of a value (dropping what JSON cannot carry) with every secret redacted. */
export function redactedJson(value: unknown, secrets: readonly string[]): JsonValue {
	const text = JSON.stringify(value ?? null, (_key, member: unknown) =>
		typeof member === "bigint" ? member.toString() : member,
	);
	if (text === undefined) return null;
	return JSON.parse(redact(text, secrets.map(jsonEscaped))) as JsonValue;
}

function jsonEscaped(secret: string): string {
	return JSON.stringify(secret).slice(1, -1);
}
