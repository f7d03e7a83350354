/**
 * How long a response asks the client to wait, in milliseconds, from its `retry-after-ms` header
 * (a number of milliseconds, sent by some OpenAI-compatible servers) or its `Retry-After` header
 * (delay-seconds or an HTTP date, RFC 9110 §10.2.3); null when neither is usable.
 */
export function parseRetryAfter(
	headers: Readonly<Record<string, string | undefined>> | undefined,
	nowMs: number = Date.now(),
): number | null {
	if (headers === undefined) return null;
	const value = (name: string) => {
		for (const [key, member] of Object.entries(headers)) if (key.toLowerCase() === name) return member?.trim();
		return undefined;
	};
	const milliseconds = value("retry-after-ms");
	if (milliseconds !== undefined && /^\d+(\.\d+)?$/.test(milliseconds)) return Number(milliseconds);
	const retryAfter = value("retry-after");
	if (retryAfter === undefined || retryAfter === "") return null;
	if (/^\d+(\.\d+)?$/.test(retryAfter)) return Number(retryAfter) * 1000;
	const date = Date.parse(retryAfter);
	return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}
