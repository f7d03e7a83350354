import { wireErrorOf, wireProviderError } from "./openai-wire-error.js";
import {
	contentText,
	malformed,
	maxReplyChars,
	type ReplyContext,
	type ReplyParts,
	textOrEmpty,
	type WireToolCall,
	type WireUsage,
} from "./openai-wire-parts.js";
import { OutputBudget } from "./output-budget.js";

/** A piece of a tool call in a streamed delta. */
interface WireToolDelta {
	index?: unknown;
	id?: unknown;
	function?: { name?: unknown; arguments?: unknown } | null;
}

/** One `data:` event of a chat-completions stream, as far as it is read. */
interface WireChunk {
	id?: string;
	model?: string;
	error?: unknown;
	object?: string;
	choices?: {
		delta?: {
			content?: unknown;
			reasoning?: unknown;
			reasoning_content?: unknown;
			tool_calls?: WireToolDelta[];
		};
		finish_reason?: string | null;
	}[];
	usage?: WireUsage | null;
}

/**
 * Reads a server-sent event stream of chat-completion chunks as its text arrives: text deltas
 * joined, tool calls put together by index, the usage chunk kept, the time of the first output
 * noted. An `error` event throws the ProviderError of what it names (a 401 is not retried); a
 * delta whose content or tool call is not text is a malformed reply. Output (text, reasoning,
 * tool-call arguments) past the context's `maxOutputBytes` is dropped and the reader is `full`:
 * its caller stops reading there, so a reply of any size costs at most the cap in memory, and an
 * unfinished line longer than an event can be is malformed for the same reason.
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
	readonly #budget: OutputBudget;
	readonly #maxLine: number;

	constructor(context: ReplyContext, retryAfterMs: number | null) {
		this.#context = context;
		this.#retryAfterMs = retryAfterMs;
		this.#budget = new OutputBudget(context.maxOutputBytes);
		this.#maxLine = maxReplyChars(context.maxOutputBytes);
	}

	/** Whether the output cap was reached: read no more. */
	get full(): boolean {
		return this.#budget.full;
	}

	/** The next decoded text of the body. */
	feed(piece: string): void {
		let newline = piece.indexOf("\n");
		if (newline < 0) {
			this.#buffer += piece;
			if (this.#buffer.length > this.#maxLine)
				throw malformed(this.#context, `an event line longer than ${this.#maxLine} characters`);
			return;
		}
		const buffer = this.#buffer + piece;
		let start = 0;
		newline += this.#buffer.length;
		while (newline >= 0 && !this.#budget.full) {
			const line = buffer.slice(start, newline).trim();
			if (line.startsWith("data:")) this.#onData(line.slice(5).trim());
			start = newline + 1;
			newline = buffer.indexOf("\n", start);
		}
		this.#buffer = this.#budget.full ? "" : buffer.slice(start);
	}

	/** The body ended (or the reader is full): what the stream said, or a malformed error when it was cut before its end. */
	end(): ReplyParts {
		const rest = this.#buffer.trim();
		this.#buffer = "";
		if (rest.startsWith("data:") && !this.#budget.full) this.#onData(rest.slice(5).trim());
		if (this.#finish === null && !this.#done && !this.#budget.full)
			throw malformed(this.#context, "the stream ended before the reply was finished");
		return {
			text: this.#text,
			calls: this.#calls === null ? [] : [...this.#calls.values()],
			finish: this.#finish,
			usage: this.#usage,
			id: typeof this.#last.id === "string" ? this.#last.id : null,
			model: typeof this.#last.model === "string" ? this.#last.model : null,
			firstOutput: this.#firstOutput,
			truncated: this.#budget.full,
		};
	}

	#onData(data: string): void {
		if (data === "[DONE]") {
			this.#done = true;
			return;
		}
		let parsed: unknown;
		try {
			parsed = JSON.parse(data);
		} catch {
			throw malformed(this.#context, `an event is not JSON: ${data.slice(0, 120)}`);
		}
		// `data: null` (or a list) is JSON but no chunk: reading it would be a TypeError, which is
		// no reply's kind of failure.
		if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
			throw malformed(this.#context, `an event is not a JSON object: ${data.slice(0, 120)}`);
		const chunk = parsed as WireChunk;
		if (chunk.error !== undefined || chunk.object === "error") {
			const error = wireErrorOf(chunk);
			if (error !== null)
				throw wireProviderError(this.#context, error, { httpStatus: null, inStream: true }, this.#retryAfterMs);
		}
		this.#last = chunk;
		if (chunk.usage) this.#usage = chunk.usage;
		for (const choice of Array.isArray(chunk.choices) ? chunk.choices : []) {
			if (typeof choice !== "object" || choice === null) continue;
			const delta = choice.delta ?? {};
			const content = contentText(this.#context, delta.content, "a streamed delta's content");
			if (content !== "") {
				this.#firstOutput ??= performance.now();
				this.#text += this.#budget.take(content);
			}
			const reasoning = textOrEmpty(delta.reasoning) + textOrEmpty(delta.reasoning_content);
			if (reasoning !== "") {
				this.#firstOutput ??= performance.now();
				this.#budget.take(reasoning);
			}
			for (const call of Array.isArray(delta.tool_calls) ? delta.tool_calls : []) this.#onToolCall(call);
			if (typeof choice.finish_reason === "string" && choice.finish_reason !== "") this.#finish = choice.finish_reason;
		}
	}

	#onToolCall(call: WireToolDelta | null): void {
		if (typeof call !== "object" || call === null)
			throw malformed(this.#context, `a streamed tool call that is not an object: ${JSON.stringify(call)}`);
		const { id, function: fn } = call;
		const name = fn?.name ?? "";
		const args = fn?.arguments ?? "";
		if (
			typeof name !== "string" ||
			typeof args !== "string" ||
			(id !== undefined && id !== null && typeof id !== "string")
		)
			throw malformed(this.#context, "a streamed tool call whose id, name or arguments are not text");
		this.#firstOutput ??= performance.now();
		this.#calls ??= new Map();
		const index = typeof call.index === "number" ? call.index : this.#calls.size;
		const entry = this.#calls.get(index) ?? { id: "", name: "", arguments: "" };
		if (typeof id === "string" && id !== "") entry.id = id;
		entry.name += name;
		entry.arguments += this.#budget.take(args);
		this.#calls.set(index, entry);
	}
}
