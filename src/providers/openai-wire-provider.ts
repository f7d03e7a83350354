import { type Provider, ProviderError } from "../contract/index.js";
import { boundedCall } from "./bounded-call.js";
import { kindOfStatus, RETRYABLE_KINDS } from "./error-kinds.js";
import {
	createFetchTransport,
	createHttpTransport,
	readBodyText,
	type Transport,
	type WireResponse,
} from "./http-transport.js";
import { authFix, type WireErrorContext, wireErrorOf, wireProviderError } from "./openai-wire-error.js";
import type { ReplyContext } from "./openai-wire-parts.js";
import { readReply } from "./openai-wire-reply.js";
import { requestBody } from "./openai-wire-request.js";
import { parseRetryAfter } from "./retry-after.js";
import { redact } from "./secrets.js";

/** What the OpenAI-wire provider needs: an endpoint, its credentials and its limits. */
export interface OpenAiWireConfig {
	/** See Provider.id. */
	readonly id: string;
	/** See Provider.endpoint. */
	readonly endpoint: string;
	/** Base URL ending before `/chat/completions`, e.g. `http://127.0.0.1:8000/v1`. */
	readonly baseUrl: string;
	/** The provider's own model id. */
	readonly model: string;
	/** Bearer key, or null for an endpoint without auth. */
	readonly apiKey: string | null;
	/** Name of the environment variable the key came from (the entry's `api_key_env`), for messages; never the key. */
	readonly apiKeyEnv: string | null;
	/** False to ask for whole replies (`options.stream: false`), for endpoints that cannot stream. */
	readonly stream: boolean;
	/** Extra request headers. */
	readonly headers: Readonly<Record<string, string>>;
	/** Milliseconds before one call is abandoned as a timeout. */
	readonly timeoutMs: number;
	/** Values redacted from every error message (a reply is returned as received; the run redacts it, counted). */
	readonly secrets: readonly string[];
	/** Bytes of output one reply may have (`options.max_output_bytes`); see `readReply`. */
	readonly maxOutputBytes: number;
	/** The fetch to use; the global one when absent. */
	readonly fetch?: typeof fetch;
	/** What requests go through, over `fetch`; touchstone's own HTTP client when both are absent. */
	readonly transport?: Transport;
}

/**
 * A Provider speaking the OpenAI chat-completions wire directly (streamed, with the usage chunk,
 * unless the entry says `stream: false`) over kept-alive connections (or an injected fetch). A
 * reply is read as a stream or as one JSON completion, whichever the server sent, and an error
 * object inside either is classified like the status it names. It does what the AI SDK does for
 * this one wire with a fraction of its per-call work (no web stream pipeline, no schema
 * validation per chunk), because a benchmark run makes tens of thousands of calls and the
 * harness must not be the bottleneck.
 */
export function createOpenAiWireProvider(config: OpenAiWireConfig): Provider {
	const url = `${config.baseUrl.replace(/\/+$/, "")}/chat/completions`;
	const headers: Record<string, string> = {
		"content-type": "application/json",
		accept: config.stream ? "text/event-stream" : "application/json",
		...config.headers,
		...(config.apiKey === null ? {} : { authorization: `Bearer ${config.apiKey}` }),
	};
	const transport =
		config.transport ?? (config.fetch === undefined ? createHttpTransport() : createFetchTransport(config.fetch));
	const context: ReplyContext = {
		providerId: config.id,
		apiKeyEnv: config.apiKey === null ? null : config.apiKeyEnv,
		model: config.model,
		secrets: config.secrets,
		maxOutputBytes: config.maxOutputBytes,
	};
	return {
		specificationVersion: "v1",
		id: config.id,
		endpoint: config.endpoint,
		complete: (request, { signal }) =>
			boundedCall(
				{ signal, timeoutMs: config.timeoutMs, providerId: config.id, secrets: config.secrets },
				async (stop) => {
					const start = performance.now();
					const response = await transport(url, {
						headers,
						body: JSON.stringify(requestBody(config.model, request, config.stream)),
						stop,
					});
					if (response.status < 200 || response.status >= 300) throw await httpError(context, response);
					return readReply(context, response, start);
				},
			),
	};
}

/**
 * The error of a non-2xx response: its kind from the status, its message from the body's error
 * object when there is one (saying which key or field to fix), else from the body's text.
 */
async function httpError(context: WireErrorContext, response: WireResponse): Promise<ProviderError> {
	const text = await readBodyText(response).catch(() => "");
	const retryAfterMs = parseRetryAfter(response.headers);
	const error = wireErrorOf(parseJson(text));
	if (error !== null) return wireProviderError(context, error, { httpStatus: response.status }, retryAfterMs);
	const kind = kindOfStatus(response.status);
	const detail = redact(text.replace(/\s+/g, " ").trim().slice(0, 300), context.secrets);
	const fix = kind === "auth" ? `; ${authFix(context.apiKeyEnv)}` : "";
	return new ProviderError(`${context.providerId}: HTTP ${response.status}: ${detail || response.statusText}${fix}`, {
		kind,
		status: response.status,
		retryable: RETRYABLE_KINDS.has(kind),
		retry_after_ms: retryAfterMs,
	});
}

function parseJson(text: string): unknown {
	if (!text.trimStart().startsWith("{")) return null;
	try {
		return JSON.parse(text);
	} catch {
		return null;
	}
}
