import { ProviderError } from "../contract/index.js";
import type { WireErrorContext } from "./openai-wire-error.js";

/** What a reply reader needs to know: who is calling (for messages), what to redact, how much to keep. */
export interface ReplyContext extends WireErrorContext {
	/** Bytes of output (text, reasoning and tool-call arguments, as UTF-8) read before the reply is cut. */
	readonly maxOutputBytes: number;
}

/** `usage` of a chat-completions reply, as the wire carries it. */
export interface WireUsage {
	prompt_tokens?: unknown;
	completion_tokens?: unknown;
	prompt_tokens_details?: { cached_tokens?: unknown } | null;
	cost?: unknown;
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
	/** Whether the output reached the context's `maxOutputBytes` and the rest was not read. */
	readonly truncated: boolean;
}

/**
 * A message's (or a delta's) content as text: a string; a list of parts, its text parts
 * (`{type: "text", text}` or strings) joined, parts of another declared `type` (a refusal,
 * reasoning) left out; nothing (null, absent) is "". Anything else (an object, a number, a list
 * without any text) is a malformed reply, never the answer `[object Object]`.
 */
export function contentText(context: { readonly providerId: string }, content: unknown, where: string): string {
	if (typeof content === "string") return content;
	if (content === undefined || content === null) return "";
	if (Array.isArray(content)) {
		let text = "";
		let texts = 0;
		for (const part of content) {
			if (typeof part === "string") text += part;
			else if (isTextPart(part)) text += part.text;
			else if (isOtherPart(part)) continue;
			else throw malformed(context, `${where} is not text: it has the part ${excerpt(part)}`);
			texts++;
		}
		if (texts === 0 && content.length > 0)
			throw malformed(context, `${where} is not text: a list without a text part, ${excerpt(content)}`);
		return text;
	}
	throw malformed(context, `${where} is not text but ${excerpt(content)}`);
}

function isTextPart(part: unknown): part is { text: string } {
	return typeof part === "object" && part !== null && typeof (part as { text?: unknown }).text === "string";
}

function isOtherPart(part: unknown): boolean {
	if (typeof part !== "object" || part === null) return false;
	const type = (part as { type?: unknown }).type;
	return typeof type === "string" && type !== "text";
}

function excerpt(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/** A value that should be text: itself when it is, else "" (for parts only counted, never kept). */
export function textOrEmpty(value: unknown): string {
	return typeof value === "string" ? value : "";
}

/**
 * The most characters of one whole JSON reply (or one stream event) read for an output cap of
 * `maxOutputBytes`: JSON escapes write a character in up to six, plus room for the envelope.
 */
export function maxReplyChars(maxOutputBytes: number): number {
	return 6 * maxOutputBytes + 1024 * 1024;
}

/** A reply that could not be read: retryable, as a garbled 200 is in practice a proxy or server hiccup. */
export function malformed(context: { readonly providerId: string }, message: string): ProviderError {
	return new ProviderError(`${context.providerId}: unreadable response: ${message}`, {
		kind: "malformed",
		retryable: true,
	});
}
