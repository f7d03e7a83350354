import { ProviderError, type ProviderErrorKind } from "../contract/index.js";
import { kindOfStatus, RETRYABLE_KINDS } from "./error-kinds.js";
import { redact } from "./secrets.js";

/**
 * What an error object from an OpenAI-compatible server says, whichever of the usual shapes it
 * came in: `{"error": {"message", "type", "code", "param"}}` (OpenAI, LiteLLM, vLLM, OpenRouter,
 * sometimes with a `status` or numeric `code`), `{"error": "text"}` (Ollama, llama.cpp),
 * `{"object": "error", "message", …}` (older vLLM), `{"detail": "text"}` and `{"detail": [{"loc",
 * "msg"}]}` (FastAPI servers).
 */
export interface WireErrorObject {
	/** The server's own message, or an empty string. */
	readonly message: string;
	/** The HTTP status the object names (`status`, `status_code` or a numeric `code`), or null. */
	readonly status: number | null;
	/** Its `type` and string `code`, e.g. `invalid_request_error`, `rate_limit_exceeded`. */
	readonly labels: readonly string[];
	/** The request field it blames (`param`), or null. */
	readonly param: string | null;
}

/** Who the provider is and what it sent, for messages that say which key or field to fix. */
export interface WireErrorContext {
	/** Put first in every message. */
	readonly providerId: string;
	/** Name of the environment variable the key came from (never its value), or null when none was sent. */
	readonly apiKeyEnv: string | null;
	/** The model id sent, for a refused model. */
	readonly model: string;
	/** Values redacted from the server's message. */
	readonly secrets: readonly string[];
}

/** Where the error object was found: in the body of a non-2xx response (its status), or in a 200 reply or stream. */
export type WireErrorPlace =
	| { readonly httpStatus: number }
	| { readonly httpStatus: null; readonly inStream: boolean };

/** The error object in a parsed JSON value, or null when the value is no error object. */
export function wireErrorOf(value: unknown): WireErrorObject | null {
	if (!isRecord(value)) return null;
	const inner = value.error;
	if (isRecord(inner))
		return {
			message: text(inner.message) ?? text(value.message) ?? "",
			status: statusIn(inner) ?? statusIn(value),
			labels: labelsOf(inner),
			param: text(inner.param) ?? null,
		};
	if (typeof inner === "string" && inner !== "")
		return { message: inner, status: statusIn(value), labels: labelsOf(value), param: text(value.param) ?? null };
	if (value.object === "error")
		return {
			message: text(value.message) ?? "",
			status: statusIn(value),
			labels: labelsOf(value),
			param: text(value.param) ?? null,
		};
	if (typeof value.detail === "string" && value.choices === undefined)
		return { message: value.detail, status: statusIn(value), labels: [], param: null };
	if (Array.isArray(value.detail) && isRecord(value.detail[0])) return validationError(value.detail[0]);
	return null;
}

/** The first of a FastAPI validation error's problems: `{"loc": ["body", "messages", 0], "msg", "type"}`. */
function validationError(problem: Record<string, unknown>): WireErrorObject {
	const location = Array.isArray(problem.loc) ? problem.loc.filter((part) => part !== "body").map(String) : [];
	return {
		message: text(problem.msg) ?? "",
		status: null,
		labels: labelsOf(problem),
		param: location.length > 0 ? location.join(".") : null,
	};
}

/** Label patterns, tried in order (a key problem before a throttle before a refused request), for an error object that names no status. */
const LABEL_KINDS: readonly (readonly [RegExp, ProviderErrorKind])[] = [
	[/auth|api[_ -]?key|unauthori[sz]ed|permission|forbidden|access[_ ]denied|insufficient_quota|billing/i, "auth"],
	[/rate[_ -]?limit|too[_ ]many[_ ]requests|throttl|^requests$|^tokens$/i, "rate-limit"],
	[/invalid|bad[_ ]?request|not[_ ]?found|unsupported|context_length|validation|unprocessable/i, "bad-request"],
];

/**
 * The kind of an error object: the HTTP status it names when it names one, else what its type
 * or code says (`authentication_error` → auth, `rate_limit_exceeded` → rate-limit,
 * `invalid_request_error` → bad-request), else what its message says, else `server`.
 */
export function kindOfWireError(error: WireErrorObject): ProviderErrorKind {
	if (error.status !== null) return kindOfStatus(error.status);
	// Kind by kind, so `invalid_request_error` with code `invalid_api_key` (OpenAI's 401) is auth.
	for (const [pattern, kind] of LABEL_KINDS) if (error.labels.some((label) => pattern.test(label))) return kind;
	if (/\b(unauthori[sz]ed|invalid api key|incorrect api key|authentication)\b/i.test(error.message)) return "auth";
	if (/rate.?limit|too many requests/i.test(error.message)) return "rate-limit";
	return "server";
}

/**
 * The ProviderError of an error object: its kind from the response's status when that was not
 * 2xx, else from the object itself; its message the server's (redacted), what it named, and for
 * a refused key or request which key (the variable's name) or field to fix.
 */
export function wireProviderError(
	context: WireErrorContext,
	error: WireErrorObject,
	place: WireErrorPlace,
	retryAfterMs: number | null,
): ProviderError {
	const kind = place.httpStatus === null ? kindOfWireError(error) : kindOfStatus(place.httpStatus);
	const named = [
		...(place.httpStatus === null && error.status !== null ? [String(error.status)] : []),
		...error.labels,
	];
	const origin =
		place.httpStatus !== null
			? `HTTP ${place.httpStatus}`
			: place.inStream
				? "error in the stream"
				: "error in the reply";
	const serverMessage = redact(error.message.replace(/\s+/g, " ").trim(), context.secrets).slice(0, 300);
	const fix = fixFor(kind, error, context);
	return new ProviderError(
		`${context.providerId}: ${origin}${named.length > 0 ? ` (${named.join(", ")})` : ""}: ${serverMessage || "no message"}${fix === null ? "" : `; ${fix}`}`,
		{
			kind,
			status: place.httpStatus ?? error.status,
			retryable: RETRYABLE_KINDS.has(kind),
			retry_after_ms: retryAfterMs,
		},
	);
}

const STREAM_FIX = "if the endpoint cannot stream, set `options.stream: false` on the model entry";

function fixFor(kind: ProviderErrorKind, error: WireErrorObject, context: WireErrorContext): string | null {
	if (kind === "auth") return authFix(context.apiKeyEnv);
	if (kind !== "bad-request") return null;
	const streamRelated = /^stream/i.test(error.param ?? "") || /\bstream(_options|ing)?\b/i.test(error.message);
	if (error.param !== null)
		return `the endpoint refused the request field \`${error.param}\`${streamRelated ? `: ${STREAM_FIX}` : ""}`;
	if (streamRelated) return STREAM_FIX;
	if ([...error.labels, error.message].some((label) => /model/i.test(label)))
		return `check the entry's \`model\` (${JSON.stringify(context.model)}): the endpoint does not serve it`;
	return null;
}

/** What to fix when an endpoint refused the key: the variable it came from (never the key), or that none was sent. */
export function authFix(apiKeyEnv: string | null): string {
	return apiKeyEnv === null
		? "no API key was sent, as the entry names no `api_key_env`: add `api_key_env: NAME` to the entry and export NAME"
		: `the endpoint refused the key: check the API key in the environment variable ${apiKeyEnv} (the entry's \`api_key_env\`)`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
	return typeof value === "string" && value !== "" && value !== "None" ? value : undefined;
}

/** A status named by `status`, `status_code` or a numeric `code` (a number or digits), 100-599. */
function statusIn(record: Record<string, unknown>): number | null {
	for (const value of [record.status, record.status_code, record.code]) {
		const number = typeof value === "string" && /^\d{3}$/.test(value) ? Number(value) : value;
		if (typeof number === "number" && Number.isInteger(number) && number >= 100 && number <= 599) return number;
	}
	return null;
}

function labelsOf(record: Record<string, unknown>): string[] {
	const labels: string[] = [];
	for (const value of [record.type, record.code]) {
		const label = text(value);
		if (label !== undefined && !/^\d+$/.test(label) && !labels.includes(label)) labels.push(label);
	}
	return labels;
}
