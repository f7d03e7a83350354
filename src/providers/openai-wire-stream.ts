import { wireErrorOf, wireProviderError } from "./openai-wire-error.js";
import {
	malformed,
	type ReplyContext,
	type ReplyParts,
	type WireToolCall,
	type WireUsage,
} from "./openai-wire-parts.js";

/** One `data:` event of a chat-completions stream, as far as it is read. */
interface WireChunk {
	id?: string;
	model?: string;
	error?: unknown;
	object?: string;
	choices?: {
		delta?: {
			content?: string | null;
			reasoning?: string | null;
			reasoning_content?: string | null;
			tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
		};
		finish_reason?: string | null;
	}[];
	usage?: WireUsage | null;
}

/**
 * Reads a server-sent event stream of chat-completion chunks as its text arrives: text deltas
 * joined, tool calls put together by index, the usage chunk kept, the time of the first output
 * noted. An `error` event throws the ProviderError of what it names (a 401 is not retried).
 */
export class SseReplyReader {
	readonly #context: ReplyContext;
	readonly #retryAfterMs: number | null;
	/** An unfinished line. */
	#buffer = "";
	#text = "";
	#firstOutput: number | null = null;
	#finish: string | null = null;
	#done = false;
	#last: WireChunk = {};
	#usage: WireUsage | null = null;
	// Made on the first tool call: most replies have none.
	#calls: Map<number, WireToolCall> | null = null;

	constructor(context: ReplyContext, retryAfterMs: number | null) {
		this.#context = context;
		this.#retryAfterMs = retryAfterMs;
	}

	/** The next decoded text of the body. */
	feed(piece: string): void {
		const buffer = this.#buffer + piece;
		let start = 0;
		let newline = buffer.indexOf("\n");
		while (newline >= 0) {
			const line = buffer.slice(start, newline).trim();
			if (line.startsWith("data:")) this.#onData(line.slice(5).trim());
			start = newline + 1;
			newline = buffer.indexOf("\n", start);
		}
		this.#buffer = buffer.slice(start);
	}

	/** The body ended: what the stream said, or a malformed error when it was cut before its end. */
	end(): ReplyParts {
		const rest = this.#buffer.trim();
		this.#buffer = "";
		if (rest.startsWith("data:")) this.#onData(rest.slice(5).trim());
		if (this.#finish === null && !this.#done)
			throw malformed(this.#context, "the stream ended before the reply was finished");
		return {
			text: this.#text,
			calls: this.#calls === null ? [] : [...this.#calls.values()],
			finish: this.#finish,
			usage: this.#usage,
			id: this.#last.id ?? null,
			model: this.#last.model ?? null,
			firstOutput: this.#firstOutput,
		};
	}

	#onData(data: string): void {
		if (data === "[DONE]") {
			this.#done = true;
			return;
		}
		let chunk: WireChunk;
		try {
			chunk = JSON.parse(data) as WireChunk;
		} catch {
			throw malformed(this.#context, `an event is not JSON: ${data.slice(0, 120)}`);
		}
		if (chunk.error !== undefined || chunk.object === "error") {
			const error = wireErrorOf(chunk);
			if (error !== null)
				throw wireProviderError(this.#context, error, { httpStatus: null, inStream: true }, this.#retryAfterMs);
		}
		this.#last = chunk;
		if (chunk.usage) this.#usage = chunk.usage;
		for (const choice of chunk.choices ?? []) {
			const delta = choice.delta;
			if (delta?.content) {
				this.#firstOutput ??= performance.now();
				this.#text += delta.content;
			}
			if (delta?.reasoning || delta?.reasoning_content) this.#firstOutput ??= performance.now();
			for (const call of delta?.tool_calls ?? []) {
				this.#firstOutput ??= performance.now();
				this.#calls ??= new Map();
				const index = call.index ?? this.#calls.size;
				const entry = this.#calls.get(index) ?? { id: "", name: "", arguments: "" };
				if (call.id) entry.id = call.id;
				if (call.function?.name) entry.name += call.function.name;
				if (call.function?.arguments) entry.arguments += call.function.arguments;
				this.#calls.set(index, entry);
			}
			if (choice.finish_reason) this.#finish = choice.finish_reason;
		}
	}
}
