import {
	type ChatMessage,
	type Completion,
	type CompletionRequest,
	type FinishReason,
	type JsonObject,
	type Provider,
	ProviderError,
	type ToolCall,
} from "../contract/index.js";
import { boundedCall } from "./bounded-call.js";
import { kindOfStatus, RETRYABLE_KINDS } from "./classify-error.js";
import {
	createFetchTransport,
	createHttpTransport,
	type HttpClientName,
	readBodyText,
	type WireResponse,
} from "./http-transport.js";
import { parseRetryAfter } from "./retry-after.js";
import { redact, redactedJson } from "./secrets.js";

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
	/** Extra request headers. */
	readonly headers: Readonly<Record<string, string>>;
	/** Milliseconds before one call is abandoned as a timeout. */
	readonly timeoutMs: number;
	/** Values redacted from every message and raw reply. */
	readonly secrets: readonly string[];
	/** The fetch to use; the global one when absent. */
	readonly fetch?: typeof fetch;
	/** The client for `http:` URLs when no fetch is given; `plain` when absent. */
	readonly httpClient?: HttpClientName;
}

const FINISH_REASONS: Readonly<Record<string, FinishReason>> = {
	stop: "stop",
	length: "length",
	tool_calls: "tool-calls",
	function_call: "tool-calls",
	content_filter: "content-filter",
};

/**
 * A Provider speaking the OpenAI chat-completions wire directly (streamed, with the usage chunk)
 * over node:http with a keep-alive agent (or an injected fetch). It does what the AI SDK does for
 * this one wire with a fraction of its per-call work (no web stream pipeline, no schema
 * validation per chunk), because a benchmark run makes tens of thousands of calls and the
 * harness must not be the bottleneck.
 */
export function createOpenAiWireProvider(config: OpenAiWireConfig): Provider {
	const url = `${config.baseUrl.replace(/\/+$/, "")}/chat/completions`;
	const headers: Record<string, string> = {
		"content-type": "application/json",
		accept: "text/event-stream",
		...config.headers,
		...(config.apiKey === null ? {} : { authorization: `Bearer ${config.apiKey}` }),
	};
	const transport =
		config.fetch === undefined ? createHttpTransport(config.httpClient) : createFetchTransport(config.fetch);
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
						body: JSON.stringify(requestBody(config.model, request)),
						stop,
					});
					if (response.status < 200 || response.status >= 300) throw await httpError(config, response);
					return readStream(config, response, start);
				},
			),
	};
}

function requestBody(model: string, request: CompletionRequest): JsonObject {
	const body: JsonObject = {
		model,
		messages: request.messages.map(toWireMessage),
		stream: true,
		stream_options: { include_usage: true },
	};
	if (request.temperature !== undefined) body.temperature = request.temperature;
	if (request.max_tokens !== undefined) body.max_tokens = request.max_tokens;
	if (request.response_format === "json") body.response_format = { type: "json_object" };
	if (request.tools !== undefined && request.tools.length > 0)
		body.tools = request.tools.map((tool) => ({
			type: "function",
			function: { name: tool.name, description: tool.description, parameters: tool.parameters },
		}));
	return body;
}

function toWireMessage(message: ChatMessage): JsonObject {
	switch (message.role) {
		case "assistant":
			return message.tool_calls === undefined || message.tool_calls.length === 0
				? { role: "assistant", content: message.content }
				: {
						role: "assistant",
						content: message.content === "" ? null : message.content,
						tool_calls: message.tool_calls.map((call) => ({
							id: call.id,
							type: "function",
							function: { name: call.name, arguments: JSON.stringify(call.arguments) },
						})),
					};
		case "tool":
			return { role: "tool", tool_call_id: message.tool_call_id, content: message.content };
		default:
			return { role: message.role, content: message.content };
	}
}

async function httpError(config: OpenAiWireConfig, response: WireResponse): Promise<ProviderError> {
	const text = await readBodyText(response).catch(() => "");
	const kind = kindOfStatus(response.status);
	const headers = response.headers;
	const detail = redact(text.replace(/\s+/g, " ").trim().slice(0, 300), config.secrets);
	return new ProviderError(`${config.id}: HTTP ${response.status}: ${detail || response.statusText}`, {
		kind,
		status: response.status,
		retryable: RETRYABLE_KINDS.has(kind),
		retry_after_ms: parseRetryAfter(headers),
	});
}

interface WireChunk {
	id?: string;
	model?: string;
	error?: { message?: string };
	choices?: {
		delta?: {
			content?: string | null;
			reasoning?: string | null;
			reasoning_content?: string | null;
			tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
		};
		finish_reason?: string | null;
	}[];
	usage?: {
		prompt_tokens?: number;
		completion_tokens?: number;
		prompt_tokens_details?: { cached_tokens?: number } | null;
		cost?: number;
	} | null;
}

/** Decoder option for a body read in pieces (one object for every call). */
const STREAMING = { stream: true } as const;

async function readStream(config: OpenAiWireConfig, response: WireResponse, start: number): Promise<Completion> {
	const decoder = new TextDecoder();
	let buffer = "";
	let text = "";
	let firstOutput: number | null = null;
	let finish: string | null = null;
	let done = false;
	let last: WireChunk = {};
	let usage: WireChunk["usage"] = null;
	// Made on the first tool call: most replies have none.
	let calls = null as Map<number, { id: string; name: string; arguments: string }> | null;
	const onData = (data: string) => {
		if (data === "[DONE]") {
			done = true;
			return;
		}
		let chunk: WireChunk;
		try {
			chunk = JSON.parse(data) as WireChunk;
		} catch {
			throw malformed(config, `an event is not JSON: ${data.slice(0, 120)}`);
		}
		if (chunk.error !== undefined)
			throw new ProviderError(
				`${config.id}: error in stream: ${redact(chunk.error.message ?? "unknown", config.secrets)}`,
				{
					kind: "server",
					retryable: true,
				},
			);
		last = chunk;
		if (chunk.usage) usage = chunk.usage;
		for (const choice of chunk.choices ?? []) {
			const delta = choice.delta;
			if (delta?.content) {
				firstOutput ??= performance.now();
				text += delta.content;
			}
			if (delta?.reasoning || delta?.reasoning_content) firstOutput ??= performance.now();
			for (const call of delta?.tool_calls ?? []) {
				firstOutput ??= performance.now();
				calls ??= new Map();
				const index = call.index ?? calls.size;
				const entry = calls.get(index) ?? { id: "", name: "", arguments: "" };
				if (call.id) entry.id = call.id;
				if (call.function?.name) entry.name += call.function.name;
				if (call.function?.arguments) entry.arguments += call.function.arguments;
				calls.set(index, entry);
			}
			if (choice.finish_reason) finish = choice.finish_reason;
		}
	};
	await response.consume((bytes) => {
		buffer += decoder.decode(bytes, STREAMING);
		let start = 0;
		let newline = buffer.indexOf("\n");
		while (newline >= 0) {
			const line = buffer.slice(start, newline).trim();
			if (line.startsWith("data:")) onData(line.slice(5).trim());
			start = newline + 1;
			newline = buffer.indexOf("\n", start);
		}
		buffer = buffer.slice(start);
	});
	const rest = buffer.trim();
	if (rest.startsWith("data:")) onData(rest.slice(5).trim());
	if (finish === null && !done) throw malformed(config, "the stream ended before the reply was finished");
	const end = performance.now();
	const finalUsage = usage as WireChunk["usage"];
	return {
		text,
		tool_calls: calls === null ? [] : [...calls.values()].map((call, index) => toToolCall(call, index)),
		finish_reason: FINISH_REASONS[finish ?? ""] ?? "other",
		usage: {
			input_tokens: finalUsage?.prompt_tokens ?? null,
			output_tokens: finalUsage?.completion_tokens ?? null,
			cache_tokens: finalUsage?.prompt_tokens_details?.cached_tokens ?? null,
		},
		billed_cost_usd: typeof finalUsage?.cost === "number" && Number.isFinite(finalUsage.cost) ? finalUsage.cost : null,
		timing: {
			latency_ms: end - start,
			ttft_ms: firstOutput === null ? null : firstOutput - start,
			generation_ms: firstOutput === null ? null : end - firstOutput,
		},
		retries: 0,
		raw: rawReply(
			{
				finish_reason: finish,
				response_id: last.id ?? null,
				response_model: last.model ?? null,
				usage: (finalUsage ?? null) as JsonObject | null,
			},
			config.secrets,
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

function toToolCall(call: { id: string; name: string; arguments: string }, index: number): ToolCall {
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

function malformed(config: OpenAiWireConfig, message: string): ProviderError {
	return new ProviderError(`${config.id}: unreadable response: ${message}`, { kind: "malformed", retryable: true });
}
