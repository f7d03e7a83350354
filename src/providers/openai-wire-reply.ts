import type { Completion, FinishReason, JsonObject, ToolCall } from "../contract/index.js";
import { outputCapWarning } from "./entry-settings.js";
import type { WireResponse } from "./http-transport.js";
import { jsonReplyParts } from "./openai-wire-json.js";
import {
	malformed,
	maxReplyChars,
	type ReplyContext,
	type ReplyParts,
	type WireToolCall,
} from "./openai-wire-parts.js";
import { SseReplyReader } from "./openai-wire-stream.js";
import { readReportedUsage } from "./reported-number.js";
import { parseRetryAfter } from "./retry-after.js";
import { Utf8Tally } from "./utf8-tally.js";

const FINISH_REASONS: Readonly<Record<string, FinishReason>> = {
	stop: "stop",
	length: "length",
	tool_calls: "tool-calls",
	function_call: "tool-calls",
	content_filter: "content-filter",
};

/** Thrown out of a body's `consume` when the output cap is reached: the connection is dropped there. */
const OUTPUT_CAPPED = new Error("the output cap was reached");

/**
 * Reads a 2xx reply to a chat-completions request. Its first character decides how: `{` is one
 * JSON completion (an endpoint that does not stream, asked or not, whatever its content-type),
 * anything else a server-sent event stream. An error object, in either, becomes the
 * ProviderError of what it names. Time to first token is measured only on a stream.
 *
 * Nothing the reply says about itself is trusted: usage figures go through
 * `readReportedNumber` (a cost of -1000 is unknown, with a warning), invalid UTF-8 is counted
 * in a warning, and a stream is read only up to the context's `maxOutputBytes` of output: there
 * the connection is dropped and the completion is the text so far, `finish_reason: length`, with
 * a warning and `raw.truncated`. A whole JSON reply is kept up to `maxReplyChars` characters.
 */
export async function readReply(context: ReplyContext, response: WireResponse, start: number): Promise<Completion> {
	const decoder = new Utf8Tally();
	const maxJson = maxReplyChars(context.maxOutputBytes);
	let stream: SseReplyReader | null = null;
	let json: string | null = null;
	// Until the first character that is not white space, the reply could be either.
	let whole = false;
	const retryAfterMs = parseRetryAfter(response.headers);
	const onText = (piece: string) => {
		if (stream !== null) {
			stream.feed(piece);
			if (stream.full) throw OUTPUT_CAPPED;
			return;
		}
		json = json === null ? piece : json + piece;
		if (json.length > maxJson)
			throw malformed(
				context,
				`a whole JSON reply longer than ${maxJson} characters (options.max_output_bytes is ${context.maxOutputBytes}); raise it, or let the endpoint stream`,
			);
		if (whole) return;
		const first = json.trimStart()[0];
		if (first === undefined) return;
		if (first === "{") {
			whole = true;
			return;
		}
		// A stream: what came so far is its start.
		stream = new SseReplyReader(context, retryAfterMs);
		const begun = json;
		json = null;
		onText(begun);
	};
	try {
		await response.consume((bytes) => onText(decoder.decode(bytes)));
		onText(decoder.end());
	} catch (error) {
		if (error !== OUTPUT_CAPPED) throw error;
	}
	const reader = stream as SseReplyReader | null;
	const body = json as string | null;
	let parts: ReplyParts;
	if (reader !== null) parts = reader.end();
	else if (body === null || body.trim() === "") throw malformed(context, "the reply was empty");
	else parts = jsonReplyParts(context, body, retryAfterMs);
	const warnings: string[] = [];
	if (decoder.invalid > 0)
		warnings.push(
			`the reply was not valid UTF-8: ${decoder.invalid} invalid byte sequence${decoder.invalid === 1 ? "" : "s"} replaced with U+FFFD`,
		);
	if (parts.truncated) warnings.push(outputCapWarning(context.maxOutputBytes));
	return completionOf(parts, start, performance.now(), warnings);
}

function completionOf(parts: ReplyParts, start: number, end: number, warnings: string[]): Completion {
	const { usage, firstOutput } = parts;
	const reported = readReportedUsage(
		{
			input_tokens: [usage?.prompt_tokens, "usage.prompt_tokens"],
			output_tokens: [usage?.completion_tokens, "usage.completion_tokens"],
			cache_tokens: [usage?.prompt_tokens_details?.cached_tokens, "usage.prompt_tokens_details.cached_tokens"],
			cost: [usage?.cost, "usage.cost"],
		},
		warnings,
	);
	return {
		text: parts.text,
		tool_calls: parts.calls.map((call, index) => toToolCall(call, index)),
		finish_reason: parts.truncated ? "length" : (FINISH_REASONS[parts.finish ?? ""] ?? "other"),
		usage: reported.usage,
		billed_cost_usd: reported.billed_cost_usd,
		timing: {
			latency_ms: end - start,
			ttft_ms: firstOutput === null ? null : firstOutput - start,
			generation_ms: firstOutput === null ? null : end - firstOutput,
		},
		retries: 0,
		// As received (its parts come from JSON.parse, so it is JSON), a key a server echoed in its
		// id too: the run redacts what it stores, and counts it.
		raw: {
			finish_reason: parts.finish,
			response_id: parts.id,
			response_model: parts.model,
			usage: (usage ?? null) as JsonObject | null,
			...(firstOutput === null ? { streamed: false } : {}),
			...(parts.truncated ? { truncated: true } : {}),
		},
		...(warnings.length > 0 ? { warnings } : {}),
	};
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
