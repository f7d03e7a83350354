import type { ChatMessage, CompletionRequest, JsonObject } from "../contract/index.js";

/**
 * The body of one chat-completions request: streamed with the usage chunk asked for, or (for an
 * endpoint that cannot stream, `options.stream: false`) a request for the whole reply at once.
 */
export function requestBody(model: string, request: CompletionRequest, stream: boolean): JsonObject {
	const body: JsonObject = { model, messages: request.messages.map(toWireMessage) };
	if (stream) {
		body.stream = true;
		body.stream_options = { include_usage: true };
	}
	if (request.temperature !== undefined) body.temperature = request.temperature;
	if (request.max_tokens !== undefined) body.max_tokens = request.max_tokens;
	if (request.response_format === "json") body.response_format = { type: "json_object" };
	if (request.tools !== undefined && request.tools.length > 0)
		body.tools = request.tools.map((tool) => ({
			type: "function",
			function: { name: tool.name, description: tool.description, parameters: tool.parameters },
		}));
	return body;
}

function toWireMessage(message: ChatMessage): JsonObject {
	switch (message.role) {
		case "assistant":
			return message.tool_calls === undefined || message.tool_calls.length === 0
				? { role: "assistant", content: message.content }
				: {
						role: "assistant",
						content: message.content === "" ? null : message.content,
						tool_calls: message.tool_calls.map((call) => ({
							id: call.id,
							type: "function",
							function: { name: call.name, arguments: JSON.stringify(call.arguments) },
						})),
					};
		case "tool":
			return { role: "tool", tool_call_id: message.tool_call_id, content: message.content };
		default:
			return { role: message.role, content: message.content };
	}
}
