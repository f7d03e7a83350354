import { ProviderError, type ProviderErrorKind } from "../contract/index.js";
import { kindOfStatus, RETRYABLE_KINDS } from "./error-kinds.js";
import { authFix, kindOfWireError, wireErrorOf } from "./openai-wire-error.js";
import { parseRetryAfter } from "./retry-after.js";
import { redact } from "./secrets.js";

/** What a provider knows about a failed call when it turns the failure into a ProviderError. */
export interface FailureContext {
	/** The provider's id, put first in every message. */
	readonly providerId: string;
	/** True when the per-call time limit fired. */
	readonly timedOut: boolean;
	/** The per-call time limit, for the message. */
	readonly timeoutMs: number;
	/** True when the caller's signal aborted. */
	readonly aborted: boolean;
	/** Values that must never appear in a message. */
	readonly secrets: readonly string[];
	/** Name of the variable the key came from (never its value), named when the key is refused; undefined to say nothing. */
	readonly apiKeyEnv?: string | null;
}

const NETWORK_CODES = new Set([
	"ECONNRESET",
	"ECONNREFUSED",
	"ECONNABORTED",
	"EPIPE",
	"ETIMEDOUT",
	"EHOSTUNREACH",
	"ENETUNREACH",
	"EAI_AGAIN",
	"UND_ERR_SOCKET",
	"UND_ERR_CLOSED",
	"UND_ERR_CONNECT_TIMEOUT",
	"UND_ERR_HEADERS_TIMEOUT",
	"UND_ERR_BODY_TIMEOUT",
]);
const MESSAGE_LIMIT = 500;

/**
 * Turns anything an SDK call threw (or put in its stream) into a ProviderError: HTTP status first,
 * then the shape of the error. Timeouts and aborts are decided by the caller's flags, because an
 * aborted fetch looks the same whichever signal fired.
 */
export function classifyError(error: unknown, context: FailureContext): ProviderError {
	const fail = (
		kind: ProviderErrorKind,
		text: string,
		details: { status?: number; retry_after_ms?: number | null } = {},
	) =>
		new ProviderError(
			`${context.providerId}: ${clip(redact(text, context.secrets))}${kind === "auth" && context.apiKeyEnv !== undefined ? `; ${authFix(context.apiKeyEnv)}` : ""}`,
			{
				kind,
				retryable: RETRYABLE_KINDS.has(kind),
				status: details.status ?? null,
				retry_after_ms: details.retry_after_ms ?? null,
			},
		);
	if (context.timedOut) return fail("timeout", `no complete reply within ${formatSeconds(context.timeoutMs)}`);
	if (context.aborted) return fail("aborted", "the call was cancelled");
	if (error instanceof ProviderError) return error;
	if (isSdkError(error, "AI_APICallError")) {
		const status = error.statusCode;
		if (status !== undefined && (status < 200 || status >= 300)) {
			const retry_after_ms = parseRetryAfter(error.responseHeaders);
			return fail(kindOfStatus(status), `HTTP ${status}: ${error.message}`, { status, retry_after_ms });
		}
		if (isNetworkError(error)) return fail("network", `connection failed: ${describe(error)}`);
		return fail("malformed", `unreadable response: ${describe(error)}`);
	}
	if (
		isSdkError(error, "AI_JSONParseError") ||
		isSdkError(error, "AI_TypeValidationError") ||
		isSdkError(error, "AI_InvalidResponseDataError") ||
		isSdkError(error, "AI_EmptyResponseBodyError") ||
		isSdkError(error, "AI_NoOutputGeneratedError")
	)
		return fail("malformed", `unreadable response: ${describe(error)}`);
	if (isNetworkError(error)) return fail("network", `connection failed: ${describe(error)}`);
	if (isMalformedHttp(error)) return fail("malformed", `unreadable response: ${describe(error)}`);
	// The AI SDK passes a stream's error event on as the server's own object
	// (`{"type": "overloaded_error", "message": …}`, `{"code": 429, "message": …}`).
	const streamed = error instanceof Error ? null : wireErrorOf({ error });
	if (streamed !== null) {
		const kind = kindOfWireError(streamed);
		const named = [...(streamed.status === null ? [] : [String(streamed.status)]), ...streamed.labels];
		return fail(kind, `error in the stream${named.length > 0 ? ` (${named.join(", ")})` : ""}: ${streamed.message}`, {
			...(streamed.status === null ? {} : { status: streamed.status }),
		});
	}
	return fail("bad-request", `the call could not be made: ${describe(error)}`);
}

/** An AI SDK call failure as far as classification needs it. */
interface SdkApiCallError extends Error {
	readonly statusCode?: number;
	readonly responseHeaders?: Record<string, string>;
}

/**
 * Whether `error` is the AI SDK error named `name`. The SDK's own `isInstance` checks the marker
 * symbol `vercel.ai.error.<name>` that every SDK error carries; checking it here spares loading
 * the SDK at all for runs that never use it (the OpenAI wire does not).
 */
function isSdkError(error: unknown, name: string): error is SdkApiCallError {
	return (
		typeof error === "object" &&
		error !== null &&
		(error as Record<symbol, unknown>)[Symbol.for(`vercel.ai.error.${name}`)] === true
	);
}

function isNetworkError(error: unknown): boolean {
	const seen = new Set<unknown>();
	let current: unknown = error;
	while (current instanceof Error && !seen.has(current)) {
		seen.add(current);
		const code = (current as { code?: unknown }).code;
		if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
		if (current instanceof TypeError && /^(fetch failed|terminated|failed to fetch)$/i.test(current.message))
			return true;
		if (current.message.startsWith("Cannot connect to API")) return true;
		current = current.cause;
	}
	return false;
}

/** A reply that broke HTTP itself: the plain client's MalformedHttpError, or node:http's parser errors (`HPE_…`). */
function isMalformedHttp(error: unknown): boolean {
	const code = (error as { code?: unknown } | null)?.code;
	return typeof code === "string" && (code === "ERR_MALFORMED_HTTP_RESPONSE" || code.startsWith("HPE_"));
}

/** The error's message followed by its causes' messages: `a (cause: b)`. */
function describe(error: unknown): string {
	const parts: string[] = [];
	const seen = new Set<unknown>();
	let current: unknown = error;
	while (current !== undefined && current !== null && !seen.has(current) && parts.length < 4) {
		seen.add(current);
		parts.push(current instanceof Error ? current.message : String(current));
		current = current instanceof Error ? current.cause : undefined;
	}
	return parts.join(" (cause: ") + ")".repeat(parts.length - 1);
}

function clip(text: string): string {
	const oneLine = text.replace(/\s+/g, " ").trim();
	return oneLine.length <= MESSAGE_LIMIT ? oneLine : `${oneLine.slice(0, MESSAGE_LIMIT)}…`;
}

function formatSeconds(milliseconds: number): string {
	return `${Number((milliseconds / 1000).toFixed(3))} s`;
}
