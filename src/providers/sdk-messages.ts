import type { jsonSchema as JsonSchema, ModelMessage, tool as Tool, ToolSet } from "ai";
import {
	type ChatMessage,
	type CompletionRequest,
	type FinishReason,
	type JsonObject,
	type JsonValue,
	ProviderError,
	type ToolCall,
} from "../contract/index.js";

/** The conversation in the AI SDK's message shape; a tool message must answer an earlier call. */
export function toModelMessages(messages: readonly ChatMessage[], providerId: string): ModelMessage[] {
	const toolNames = new Map<string, string>();
	return messages.map((message): ModelMessage => {
		switch (message.role) {
			case "system":
			case "user":
				return { role: message.role, content: message.content };
			case "assistant": {
				const calls = message.tool_calls ?? [];
				if (calls.length === 0) return { role: "assistant", content: message.content };
				for (const call of calls) toolNames.set(call.id, call.name);
				return {
					role: "assistant",
					content: [
						...(message.content === "" ? [] : [{ type: "text" as const, text: message.content }]),
						...calls.map((call) => ({
							type: "tool-call" as const,
							toolCallId: call.id,
							toolName: call.name,
							input: call.arguments,
						})),
					],
				};
			}
			default: {
				const toolName = toolNames.get(message.tool_call_id);
				if (toolName === undefined)
					throw new ProviderError(
						`${providerId}: a tool message answers the call \`${message.tool_call_id}\`, which no earlier assistant message made`,
						{ kind: "bad-request" },
					);
				return {
					role: "tool",
					content: [
						{
							type: "tool-result",
							toolCallId: message.tool_call_id,
							toolName,
							output: { type: "text", value: message.content },
						},
					],
				};
			}
		}
	});
}

/** The request's tools as AI SDK tools without `execute`: the model asks, the caller runs them. */
export function toToolSet(
	request: CompletionRequest,
	{ jsonSchema, tool }: { readonly jsonSchema: typeof JsonSchema; readonly tool: typeof Tool },
): ToolSet {
	const tools: ToolSet = {};
	for (const definition of request.tools ?? [])
		tools[definition.name] = tool({
			description: definition.description,
			inputSchema: jsonSchema(definition.parameters as Parameters<typeof jsonSchema>[0]),
		});
	return tools;
}

/** A streamed tool call; arguments that are not a JSON object become `{}` with `arguments_error`. */
export function toToolCall(part: {
	toolCallId: string;
	toolName: string;
	input: unknown;
	invalid?: boolean | undefined;
}): ToolCall {
	const base = { id: part.toolCallId, name: part.toolName };
	if (isJsonObject(part.input)) return { ...base, arguments: part.input };
	if (typeof part.input === "string" && part.invalid === true) {
		try {
			JSON.parse(part.input);
		} catch (error) {
			return {
				...base,
				arguments: {},
				arguments_error: `the arguments are not valid JSON: ${(error as Error).message}`,
			};
		}
	}
	return {
		...base,
		arguments: {},
		arguments_error: `the arguments are not a JSON object: ${JSON.stringify(part.input)}`,
	};
}

function isJsonObject(value: unknown): value is JsonObject {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

const FINISH_REASON_MAP: Readonly<Record<string, FinishReason>> = {
	stop: "stop",
	length: "length",
	"tool-calls": "tool-calls",
	"content-filter": "content-filter",
};

/** The SDK's finish reason as a contract one; anything unfamiliar is `other`. */
export function toFinishReason(reason: string): FinishReason {
	return FINISH_REASON_MAP[reason] ?? "other";
}

/**
 * A JSON copy of what the SDK reports (usage, provider metadata, warnings), for a completion's
 * `raw`: members JSON cannot carry are dropped, a bigint becomes its digits.
 */
export function jsonCopy(value: unknown): JsonValue {
	const text = JSON.stringify(value ?? null, (_key, member: unknown) =>
		typeof member === "bigint" ? member.toString() : member,
	);
	return text === undefined ? null : (JSON.parse(text) as JsonValue);
}
