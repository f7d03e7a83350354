import { ProviderError } from "../contract/index.js";
import type { WireErrorContext } from "./openai-wire-error.js";

/** What a reply reader needs to know: who is calling (for messages) and what to redact. */
export type ReplyContext = WireErrorContext;

/** `usage` of a chat-completions reply, as the wire carries it. */
export interface WireUsage {
	prompt_tokens?: number;
	completion_tokens?: number;
	prompt_tokens_details?: { cached_tokens?: number } | null;
	cost?: number;
}

/** A tool call as the wire gives it: arguments still a JSON text. */
export interface WireToolCall {
	id: string;
	name: string;
	arguments: string;
}

/** What a reply said, streamed or whole: the parts a Completion is made from. */
export interface ReplyParts {
	readonly text: string;
	readonly calls: readonly WireToolCall[];
	/** The wire's finish reason (`stop`, `tool_calls`…), or null when none came. */
	readonly finish: string | null;
	readonly usage: WireUsage | null;
	readonly id: string | null;
	readonly model: string | null;
	/** When the first output (text, reasoning or a tool call) arrived, or null when the reply came whole. */
	readonly firstOutput: number | null;
}

/** A reply that could not be read: retryable, as a garbled 200 is in practice a proxy or server hiccup. */
export function malformed(context: { readonly providerId: string }, message: string): ProviderError {
	return new ProviderError(`${context.providerId}: unreadable response: ${message}`, {
		kind: "malformed",
		retryable: true,
	});
}
