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
	const calls = wireToolCalls(context, message.tool_calls);
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

/**
 * The tool calls of a whole message, checked as a stream's are: a list of objects whose id and
 * name, when given, are text (an absent id is made up later, an absent name is an unknown tool
 * the agent is told about); anything else is a malformed reply, not a call with an empty name.
 */
function wireToolCalls(context: ReplyContext, calls: unknown): WireToolCall[] {
	if (calls === undefined || calls === null) return [];
	if (!Array.isArray(calls))
		throw malformed(context, `the reply's tool_calls is not a list: ${JSON.stringify(calls).slice(0, 120)}`);
	return calls.map((call) => {
		if (!isRecord(call))
			throw malformed(context, `a tool call that is not an object: ${JSON.stringify(call).slice(0, 120)}`);
		const fn = call.function ?? {};
		if (!isRecord(fn) || !textOrAbsent(call.id) || !textOrAbsent(fn.name))
			throw malformed(context, "a tool call whose id, name or function is not of its type (text, text, object)");
		return toWireToolCall(call.id, fn);
	});
}

/** A tool call of a whole message; some servers give its arguments as an object rather than JSON text. */
function toWireToolCall(id: unknown, fn: Record<string, unknown>): WireToolCall {
	const args = fn.arguments;
	return {
		id: typeof id === "string" ? id : "",
		name: typeof fn.name === "string" ? fn.name : "",
		arguments: typeof args === "string" ? args : args === undefined || args === null ? "" : JSON.stringify(args),
	};
}

function textOrAbsent(value: unknown): boolean {
	return value === undefined || value === null || typeof value === "string";
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
