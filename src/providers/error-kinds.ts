import type { ProviderErrorKind } from "../contract/index.js";

/**
 * Kinds that may succeed when tried again: throttling, outages, timeouts, cut connections, and
 * garbled replies (a 200 with an unparsable body is in practice a proxy or server hiccup).
 */
export const RETRYABLE_KINDS: ReadonlySet<ProviderErrorKind> = new Set([
	"rate-limit",
	"server",
	"timeout",
	"network",
	"malformed",
]);

/**
 * The kind of an HTTP failure. Retryable kinds: 429, 408 (a timeout), 409 and 5xx (server);
 * never 401 and 403 (auth) or other 4xx (bad-request: 400, 404, 422...).
 */
export function kindOfStatus(status: number): ProviderErrorKind {
	if (status === 429) return "rate-limit";
	if (status === 408) return "timeout";
	if (status === 401 || status === 403) return "auth";
	if (status === 409 || status >= 500) return "server";
	return "bad-request";
}
