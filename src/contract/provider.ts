import { TouchstoneError } from "./errors.js";
import type { JsonObject, JsonValue } from "./json.js";

/** A tool call the model asked for, as it appears in a completion or in an assistant message. */
export interface ToolCall {
	/** The provider's id for the call, echoed back by the matching `tool` message. */
	readonly id: string;
	/** Name of the tool, one of the request's `tools`. */
	readonly name: string;
	/** The arguments the model wrote; `{}` when they were not a JSON object (see `arguments_error`). */
	readonly arguments: JsonObject;
	/** Why the model's arguments were unusable (not JSON, not an object); absent when they were fine. */
	readonly arguments_error?: string;
}

/** Instructions that frame the whole conversation. */
export interface SystemMessage {
	/** Always `system`. */
	readonly role: "system";
	/** The instructions. */
	readonly content: string;
}

/** What the user (or the harness speaking for them) says. */
export interface UserMessage {
	/** Always `user`. */
	readonly role: "user";
	/** The text. */
	readonly content: string;
}

/** An earlier reply of the model, replayed in a multi-turn conversation. */
export interface AssistantMessage {
	/** Always `assistant`. */
	readonly role: "assistant";
	/** The reply's text; empty when the model only called tools. */
	readonly content: string;
	/** The tool calls the model made in that reply. */
	readonly tool_calls?: readonly ToolCall[];
}

/** The result of one tool call, given back to the model. */
export interface ToolMessage {
	/** Always `tool`. */
	readonly role: "tool";
	/** The `id` of the assistant's tool call this answers. */
	readonly tool_call_id: string;
	/** The rendered result. */
	readonly content: string;
}

/** One message of a conversation, in the order the model reads them. */
export type ChatMessage = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

/** A tool the model may call. */
export interface ToolDefinition {
	/** Name the model calls it by: letters, digits, `_` and `-`. */
	readonly name: string;
	/** What the tool does and when to use it, written for the model. */
	readonly description: string;
	/** JSON Schema of the arguments object. */
	readonly parameters: JsonObject;
}

/** What shape of reply is asked for: free text, or a JSON value (the provider's JSON mode). */
export const RESPONSE_FORMATS = ["text", "json"] as const;
/** One of {@link RESPONSE_FORMATS}. */
export type ResponseFormat = (typeof RESPONSE_FORMATS)[number];

/** One call to a model. */
export interface CompletionRequest {
	/** The conversation so far. */
	readonly messages: readonly ChatMessage[];
	/** Tools the model may call; none when absent. */
	readonly tools?: readonly ToolDefinition[];
	/** Sampling temperature; the provider's default when absent. */
	readonly temperature?: number;
	/** Cap on generated tokens; the provider's default when absent. */
	readonly max_tokens?: number;
	/** See {@link RESPONSE_FORMATS}; `text` when absent. */
	readonly response_format?: ResponseFormat;
}

/**
 * Why the model stopped: it was done, it hit `max_tokens`, it called tools, a content filter cut
 * it, or anything else the provider reported (`other`).
 */
export const FINISH_REASONS = ["stop", "length", "tool-calls", "content-filter", "other"] as const;
/** One of {@link FINISH_REASONS}. */
export type FinishReason = (typeof FINISH_REASONS)[number];

/** Tokens of one call, as the provider reported them; null when it did not. */
export interface CompletionUsage {
	/** Prompt tokens, cached ones included. */
	readonly input_tokens: number | null;
	/** Generated tokens, reasoning included. */
	readonly output_tokens: number | null;
	/** Prompt tokens served from the provider's cache (a subset of `input_tokens`). */
	readonly cache_tokens: number | null;
}

/** How long one call took, on a monotonic clock (`performance.now()`), in milliseconds. */
export interface CompletionTiming {
	/** From sending the request to the end of the reply. */
	readonly latency_ms: number;
	/** From sending the request to the first streamed output (text, reasoning or tool call); null when nothing was streamed. */
	readonly ttft_ms: number | null;
	/** From the first streamed output to the end of the reply: the generation phase; null when nothing was streamed. */
	readonly generation_ms: number | null;
}

/** What one successful call returned. */
export interface Completion {
	/** The reply's text; empty when the model only called tools. */
	readonly text: string;
	/** The tool calls the model made, in order. */
	readonly tool_calls: readonly ToolCall[];
	/** See {@link FINISH_REASONS}. */
	readonly finish_reason: FinishReason;
	/** Token counts; see {@link CompletionUsage}. */
	readonly usage: CompletionUsage;
	/** The cost the provider says it billed for this call, in USD; null when it did not say. */
	readonly billed_cost_usd: number | null;
	/** See {@link CompletionTiming}. */
	readonly timing: CompletionTiming;
	/** Failed calls retried before this one succeeded; 0 from a provider without a retry layer. */
	readonly retries: number;
	/** The provider's own account of the reply (ids, raw usage, metadata), for the inspector. Never a secret. */
	readonly raw: JsonValue;
	/**
	 * What was wrong with the reply without making it unusable (a reported cost that is no cost,
	 * invalid UTF-8, output cut at its size cap), one sentence each, carried to the attempt and the
	 * run row; absent or empty when nothing was.
	 */
	readonly warnings?: readonly string[];
}

/**
 * Talks to one model. Implementations measure timing themselves and turn every failure into a
 * {@link ProviderError}; they never retry (one retry layer wraps them all).
 */
export interface Provider {
	/** Contract version this provider implements. */
	readonly specificationVersion: "v1";
	/** Stable label for provenance and messages, e.g. `openai-compatible:gpt-4o-mini`. */
	readonly id: string;
	/** Where calls go, as `scheme://host[:port]` (no path, never credentials); null for a local command. */
	readonly endpoint: string | null;
	/** Makes one call. Rejects with a ProviderError; stops promptly when `signal` aborts. */
	complete(request: CompletionRequest, options: { signal: AbortSignal }): Promise<Completion>;
}

/**
 * Why a call failed. `rate-limit` (429), `server` (5xx, a crashed command), `timeout` (the call
 * outlived its time limit), `network` (refused, reset, cut mid-stream), `malformed` (a reply that
 * could not be parsed), `auth` (401, 403), `bad-request` (other 4xx, unsupported request),
 * `aborted` (the caller cancelled).
 */
export const PROVIDER_ERROR_KINDS = [
	"rate-limit",
	"server",
	"timeout",
	"network",
	"malformed",
	"auth",
	"bad-request",
	"aborted",
] as const;
/** One of {@link PROVIDER_ERROR_KINDS}. */
export type ProviderErrorKind = (typeof PROVIDER_ERROR_KINDS)[number];

/** The data a {@link ProviderError} carries besides its message. */
export interface ProviderErrorDetails {
	/** See {@link PROVIDER_ERROR_KINDS}. */
	readonly kind: ProviderErrorKind;
	/** HTTP status of the failed response; null when there was none. */
	readonly status: number | null;
	/** Whether trying again may succeed. */
	readonly retryable: boolean;
	/** How long the server asked to wait (`Retry-After`), in milliseconds; null when it did not say. */
	readonly retry_after_ms: number | null;
	/** Failed calls retried before this final failure; 0 from a provider without a retry layer. */
	readonly retries: number;
}

/** A model call that failed. The message names the provider and says what happened; never a secret. */
export class ProviderError extends TouchstoneError implements ProviderErrorDetails {
	/** See {@link PROVIDER_ERROR_KINDS}. */
	readonly kind: ProviderErrorKind;
	/** HTTP status of the failed response; null when there was none. */
	readonly status: number | null;
	/** Whether trying again may succeed. */
	readonly retryable: boolean;
	/** How long the server asked to wait (`Retry-After`), in milliseconds; null when it did not say. */
	readonly retry_after_ms: number | null;
	/** Failed calls retried before this final failure; 0 from a provider without a retry layer. */
	readonly retries: number;

	constructor(message: string, details: Partial<ProviderErrorDetails> & { readonly kind: ProviderErrorKind }) {
		super("provider", message);
		this.name = "ProviderError";
		this.kind = details.kind;
		this.status = details.status ?? null;
		this.retryable = details.retryable ?? false;
		this.retry_after_ms = details.retry_after_ms ?? null;
		this.retries = details.retries ?? 0;
	}

	/** The same error with `retries` set: what the retry layer throws after giving up. */
	afterRetries(retries: number): ProviderError {
		return new ProviderError(this.message, {
			kind: this.kind,
			status: this.status,
			retryable: this.retryable,
			retry_after_ms: this.retry_after_ms,
			retries,
		});
	}
}
