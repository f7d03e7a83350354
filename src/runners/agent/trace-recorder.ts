import type { JsonObject, Step, StepKind, ToolCall } from "../../contract/index.js";
import type { ToolOutcome } from "./run-agent-tool.js";

/**
 * Builds an attempt's trace as the loop goes: a reply's text (a `thought` when it came with tool
 * calls, a `message` when it did not), each tool call with its arguments, and each result with
 * whether it was an error. A reply's output tokens go on its first step (the rest of that reply's
 * steps cost 0 more); a tool result's tokens are unknown until the next reply and stay null.
 */
export class TraceRecorder {
	readonly steps: Step[] = [];
	readonly #started: number;
	/** Output tokens of the current reply not yet put on a step; undefined once they were. */
	#pendingTokens: number | null | undefined;

	/** `started` is the attempt's start on the `performance.now()` clock. */
	constructor(started: number) {
		this.#started = started;
	}

	/** Starts a reply's steps: its text, if any, and the tokens its steps carry. */
	reply(text: string, outputTokens: number | null, withToolCalls: boolean): void {
		this.#pendingTokens = outputTokens;
		if (text !== "") this.#push(withToolCalls ? "thought" : "message", text, null, null, false, this.#replyTokens());
	}

	/** A tool call the model made. Unusable arguments are kept as their error text, with null arguments. */
	call(call: ToolCall): void {
		const broken = call.arguments_error !== undefined;
		this.#push(
			"tool_call",
			broken ? `unusable arguments: ${call.arguments_error}` : "",
			call.name,
			broken ? null : call.arguments,
			false,
			this.#replyTokens(),
		);
	}

	/** What a tool call gave back to the model. */
	result(call: ToolCall, outcome: ToolOutcome): void {
		this.#push("tool_result", outcome.content, call.name, null, outcome.is_error, null);
	}

	#replyTokens(): number | null {
		const tokens = this.#pendingTokens;
		if (tokens === undefined) return 0;
		this.#pendingTokens = undefined;
		return tokens;
	}

	#push(
		kind: StepKind,
		content: string,
		tool: string | null,
		args: JsonObject | null,
		isError: boolean,
		tokens: number | null,
	): void {
		const at_ms = Math.round((performance.now() - this.#started) * 1000) / 1000;
		this.steps.push({ kind, content, tool, arguments: args, is_error: isError, tokens, at_ms });
	}
}
