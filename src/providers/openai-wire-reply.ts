import type { Completion, FinishReason, JsonObject, ToolCall } from "../contract/index.js";
import type { WireResponse } from "./http-transport.js";
import { jsonReplyParts } from "./openai-wire-json.js";
import { malformed, type ReplyContext, type ReplyParts, type WireToolCall } from "./openai-wire-parts.js";
import { SseReplyReader } from "./openai-wire-stream.js";
import { parseRetryAfter } from "./retry-after.js";
import { redactedJson } from "./secrets.js";

const FINISH_REASONS: Readonly<Record<string, FinishReason>> = {
	stop: "stop",
	length: "length",
	tool_calls: "tool-calls",
	function_call: "tool-calls",
	content_filter: "content-filter",
};

/** Decoder option for a body read in pieces (one object for every call). */
const STREAMING = { stream: true } as const;
/** The largest whole (non-streamed) JSON reply kept, in characters. */
const MAX_JSON_REPLY = 32 * 1024 * 1024;

/**
 * Reads a 2xx reply to a chat-completions request. Its first character decides how: `{` is one
 * JSON completion (an endpoint that does not stream, asked or not, whatever its content-type),
 * anything else a server-sent event stream. An error object, in either, becomes the
 * ProviderError of what it names. Time to first token is measured only on a stream.
 */
export async function readReply(context: ReplyContext, response: WireResponse, start: number): Promise<Completion> {
	const decoder = new TextDecoder();
	let stream: SseReplyReader | null = null;
	let json: string | null = null;
	// Until the first character that is not white space, the reply could be either.
	let whole = false;
	const retryAfterMs = parseRetryAfter(response.headers);
	await response.consume((bytes) => {
		const piece = decoder.decode(bytes, STREAMING);
		if (stream !== null) return stream.feed(piece);
		json = json === null ? piece : json + piece;
		if (json.length > MAX_JSON_REPLY) throw malformed(context, `a JSON reply longer than ${MAX_JSON_REPLY} characters`);
		if (whole) return;
		const first = json.trimStart()[0];
		if (first === undefined) return;
		if (first === "{") {
			whole = true;
			return;
		}
		// A stream: what came so far is its start.
		stream = new SseReplyReader(context, retryAfterMs);
		stream.feed(json);
		json = null;
	});
	const reader = stream as SseReplyReader | null;
	const body = json as string | null;
	let parts: ReplyParts;
	if (reader !== null) parts = reader.end();
	else if (body === null || body.trim() === "") throw malformed(context, "the reply was empty");
	else parts = jsonReplyParts(context, body, retryAfterMs);
	return completionOf(parts, start, performance.now(), context.secrets);
}

function completionOf(parts: ReplyParts, start: number, end: number, secrets: readonly string[]): Completion {
	const { usage, firstOutput } = parts;
	return {
		text: parts.text,
		tool_calls: parts.calls.map((call, index) => toToolCall(call, index)),
		finish_reason: FINISH_REASONS[parts.finish ?? ""] ?? "other",
		usage: {
			input_tokens: usage?.prompt_tokens ?? null,
			output_tokens: usage?.completion_tokens ?? null,
			cache_tokens: usage?.prompt_tokens_details?.cached_tokens ?? null,
		},
		billed_cost_usd: typeof usage?.cost === "number" && Number.isFinite(usage.cost) ? usage.cost : null,
		timing: {
			latency_ms: end - start,
			ttft_ms: firstOutput === null ? null : firstOutput - start,
			generation_ms: firstOutput === null ? null : end - firstOutput,
		},
		retries: 0,
		raw: rawReply(
			{
				finish_reason: parts.finish,
				response_id: parts.id,
				response_model: parts.model,
				usage: (usage ?? null) as JsonObject | null,
				...(firstOutput === null ? { streamed: false } : {}),
			},
			secrets,
		),
	};
}

/**
 * The raw reply kept with the run. Its parts come from JSON.parse, so it is JSON already; it is
 * copied through redaction only when there is a secret to redact (a key the server might echo).
 */
function rawReply(raw: JsonObject, secrets: readonly string[]): JsonObject {
	return secrets.some((secret) => secret.length > 0) ? (redactedJson(raw, secrets) as JsonObject) : raw;
}

function toToolCall(call: WireToolCall, index: number): ToolCall {
	const id = call.id || `call_${index}`;
	if (call.arguments.trim() === "") return { id, name: call.name, arguments: {} };
	try {
		const parsed: unknown = JSON.parse(call.arguments);
		if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed))
			return { id, name: call.name, arguments: parsed as JsonObject };
		return { id, name: call.name, arguments: {}, arguments_error: "the arguments are JSON but not an object" };
	} catch (error) {
		return {
			id,
			name: call.name,
			arguments: {},
			arguments_error: `the arguments are not valid JSON: ${(error as Error).message}`,
		};
	}
}
