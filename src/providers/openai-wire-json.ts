import { wireErrorOf, wireProviderError } from "./openai-wire-error.js";
import {
	contentText,
	malformed,
	type ReplyContext,
	type ReplyParts,
	type WireToolCall,
	type WireUsage,
} from "./openai-wire-parts.js";
import { OutputBudget } from "./output-budget.js";

/** A whole chat completion, as far as it is read. */
interface WireCompletion {
	id?: unknown;
	model?: unknown;
	choices?: unknown;
	usage?: WireUsage | null;
}

interface WireMessage {
	content?: unknown;
	tool_calls?: unknown;
}

/**
 * The parts of a whole (non-streamed) chat completion: `choices[0].message` with its content
 * and tool calls, `finish_reason` and `usage`. An error object in its place throws the
 * ProviderError of what it names; anything else that is no completion (content that is not
 * text, too) is a malformed reply. Output past the context's `maxOutputBytes` is cut.
 */
export function jsonReplyParts(context: ReplyContext, body: string, retryAfterMs: number | null): ReplyParts {
	let parsed: unknown;
	try {
		parsed = JSON.parse(body);
	} catch {
		throw malformed(context, `the reply is not JSON: ${body.trim().slice(0, 120)}`);
	}
	const error = wireErrorOf(parsed);
	if (error !== null) throw wireProviderError(context, error, { httpStatus: null, inStream: false }, retryAfterMs);
	const completion = parsed as WireCompletion;
	const choice = Array.isArray(completion.choices) ? (completion.choices[0] as unknown) : undefined;
	const message = isRecord(choice) && isRecord(choice.message) ? (choice.message as WireMessage) : null;
	if (message === null)
		throw malformed(context, `a JSON reply without choices[0].message: ${body.trim().slice(0, 120)}`);
	const finish = (choice as { finish_reason?: unknown }).finish_reason;
	const budget = new OutputBudget(context.maxOutputBytes);
	const text = budget.take(contentText(context, message.content, "the reply's message content"));
	const calls = Array.isArray(message.tool_calls) ? message.tool_calls.filter(isRecord).map(toWireToolCall) : [];
	for (const call of calls) call.arguments = budget.take(call.arguments);
	return {
		text,
		calls,
		finish: typeof finish === "string" ? finish : null,
		usage: isRecord(completion.usage) ? completion.usage : null,
		id: typeof completion.id === "string" ? completion.id : null,
		model: typeof completion.model === "string" ? completion.model : null,
		firstOutput: null,
		truncated: budget.full,
	};
}

/** A tool call of a whole message; some servers give its arguments as an object rather than JSON text. */
function toWireToolCall(call: Record<string, unknown>): WireToolCall {
	const fn = isRecord(call.function) ? call.function : {};
	const args = fn.arguments;
	return {
		id: typeof call.id === "string" ? call.id : "",
		name: typeof fn.name === "string" ? fn.name : "",
		arguments: typeof args === "string" ? args : args === undefined || args === null ? "" : JSON.stringify(args),
	};
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
