import type { JsonObject, JsonValue } from "../contract/index.js";

/** What a request says about the conversation, in terms the rules match on; the same for every wire. */
export interface Conversation {
	/** Text of the last user message that carries text (tool results alone do not count); null when none. */
	readonly userText: string | null;
	/** The system prompt (all system and developer messages, joined); null when none. */
	readonly systemText: string | null;
	/** Assistant messages already in the conversation, plus one. */
	readonly turn: number;
	/** Content of the last tool result; null when there is none. */
	readonly toolResultText: string | null;
	/** Whether the request offered tools. */
	readonly hasTools: boolean;
	/** Characters of every message and the system prompt, for `auto` prompt tokens. */
	readonly promptChars: number;
}

/** A completion request, parsed from either wire. */
export interface CompletionRequest {
	/** The model id the client asked for. */
	readonly model: string;
	/** Whether the client asked for server-sent events. */
	readonly stream: boolean;
	/** OpenAI `stream_options.include_usage`: send a final usage chunk. */
	readonly includeUsage: boolean;
	/** What the rules match on. */
	readonly conversation: Conversation;
}

/** One native tool call of a reply. */
export interface ScriptedToolCall {
	/** Call id, unique within the server's lifetime. */
	readonly id: string;
	/** Tool name. */
	readonly name: string;
	/** Arguments as an object (Anthropic `input`). */
	readonly input: JsonObject;
	/** Arguments as JSON text (OpenAI `function.arguments`). */
	readonly argumentsJson: string;
}

/** Token counts of one reply. */
export interface ReplyUsage {
	/** Prompt tokens, cached ones included. */
	readonly promptTokens: number;
	/** Completion tokens. */
	readonly completionTokens: number;
	/** Prompt tokens read from cache. */
	readonly cachedTokens: number;
}

/** The answer a rule produced, before a wire renders it. */
export interface ScriptedReply {
	/** Text content; null when the reply is tool calls only. */
	readonly text: string | null;
	/** Native tool calls; empty for a text reply. */
	readonly toolCalls: readonly ScriptedToolCall[];
	/** Token counts. */
	readonly usage: ReplyUsage;
	/** Billed cost in USD, reported only when the script sets `cost_usd`. */
	readonly costUsd: number | null;
}

/** Identity of one response: its id, the model id echoed back, and its creation time. */
export interface ResponseIdentity {
	/** Response id, e.g. `chatcmpl-scripted-12`. */
	readonly id: string;
	/** The model id the client sent. */
	readonly model: string;
	/** Unix seconds. */
	readonly created: number;
}

/** One server-sent event: an optional `event:` name and its `data:` text. */
export interface SseFrame {
	/** The `event:` line, or null for data-only streams (OpenAI). */
	readonly event: string | null;
	/** The `data:` text. */
	readonly data: string;
}

/** A streamed reply: sent at once, then one piece per tick from the first token on, then the closing frames. */
export interface StreamPlan {
	/** Frames sent with the headers, before the first token (Anthropic `message_start`). */
	readonly opening: readonly SseFrame[];
	/** Content pieces, at least one; the first is sent after the time to first token. */
	readonly pieces: readonly (readonly SseFrame[])[];
	/** Frames sent after the last piece (finish reason, usage, `[DONE]`). */
	readonly closing: readonly SseFrame[];
}

/** Error statuses a wire renders in its own error format. */
export type ErrorStatus = 400 | 404 | 413 | 422 | 429 | 500;

/** One HTTP dialect for completions: OpenAI chat completions or Anthropic messages. */
export interface Wire {
	/** Prefix of tool call ids, e.g. `call_` or `toolu_`. */
	readonly toolCallIdPrefix: string;
	/** Prefix of response ids. */
	readonly responseIdPrefix: string;
	/** Parses a request body; a string is the reason it is refused (HTTP 400). */
	parseRequest(body: unknown): CompletionRequest | string;
	/** The wire's error body for a status. */
	errorBody(status: ErrorStatus, message: string): JsonValue;
	/** The non-streaming response body. */
	responseBody(reply: ScriptedReply, identity: ResponseIdentity): JsonValue;
	/** The frames of a streamed response. */
	streamPlan(reply: ScriptedReply, identity: ResponseIdentity, includeUsage: boolean): StreamPlan;
}

/** Renders one frame as SSE text. */
export function formatFrame(frame: SseFrame): string {
	return frame.event === null ? `data: ${frame.data}\n\n` : `event: ${frame.event}\ndata: ${frame.data}\n\n`;
}
