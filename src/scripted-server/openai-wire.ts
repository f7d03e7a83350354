import { z } from "zod";
import type { JsonObject, JsonValue } from "../contract/index.js";
import { contentText, requestProblems } from "./message-text.js";
import { splitText } from "./split-text.js";
import type { CompletionRequest, ErrorStatus, ScriptedReply, SseFrame, StreamPlan, Wire } from "./wire.js";

const messageSchema = z.looseObject({
	role: z.string({ error: "expected a role (a string)" }),
	content: z.unknown().optional(),
	tool_calls: z.array(z.looseObject({ function: z.looseObject({ arguments: z.unknown() }).optional() })).nullish(),
});

const requestSchema = z.looseObject({
	model: z.string({ error: "required: the model id (a string)" }).min(1),
	messages: z.array(messageSchema, { error: "required: the list of messages" }).min(1),
	stream: z.boolean().nullish(),
	stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
	tools: z.array(z.unknown()).nullish(),
	functions: z.array(z.unknown()).nullish(),
});

const ERROR_TYPES: Record<ErrorStatus, { type: string; code: string | null }> = {
	400: { type: "invalid_request_error", code: null },
	404: { type: "invalid_request_error", code: "model_not_found" },
	413: { type: "invalid_request_error", code: "request_too_large" },
	422: { type: "invalid_request_error", code: null },
	429: { type: "requests", code: "rate_limit_exceeded" },
	500: { type: "server_error", code: null },
};

/** The OpenAI chat-completions wire (`POST /v1/chat/completions`), also spoken by OpenRouter, vLLM and Ollama. */
export const openaiWire: Wire = {
	toolCallIdPrefix: "call_",
	responseIdPrefix: "chatcmpl-scripted-",

	parseRequest(body: unknown): CompletionRequest | string {
		const parsed = requestSchema.safeParse(body);
		if (!parsed.success) return requestProblems(parsed.error);
		const request = parsed.data;
		let userText: string | null = null;
		let toolResultText: string | null = null;
		const system: string[] = [];
		let assistants = 0;
		let promptChars = 0;
		for (const message of request.messages) {
			const text = contentText(message.content);
			promptChars += text.length;
			if (message.role === "system" || message.role === "developer") system.push(text);
			else if (message.role === "user" && text !== "") userText = text;
			else if (message.role === "tool" || message.role === "function") toolResultText = text;
			else if (message.role === "assistant") {
				assistants++;
				for (const call of message.tool_calls ?? []) promptChars += String(call.function?.arguments ?? "").length;
			}
		}
		return {
			model: request.model,
			stream: request.stream === true,
			includeUsage: request.stream_options?.include_usage === true,
			conversation: {
				userText,
				systemText: system.length > 0 ? system.join("\n\n") : null,
				turn: assistants + 1,
				toolResultText,
				hasTools: (request.tools?.length ?? 0) > 0 || (request.functions?.length ?? 0) > 0,
				promptChars,
			},
		};
	},

	errorBody(status, message) {
		const { type, code } = ERROR_TYPES[status];
		return { error: { message, type, param: null, code } };
	},

	responseBody(reply, identity) {
		const message: JsonObject = { role: "assistant", content: reply.text, refusal: null };
		if (reply.toolCalls.length > 0)
			message.tool_calls = reply.toolCalls.map((call) => ({
				id: call.id,
				type: "function",
				function: { name: call.name, arguments: call.argumentsJson },
			}));
		return {
			id: identity.id,
			object: "chat.completion",
			created: identity.created,
			model: identity.model,
			system_fingerprint: "touchstone-scripted",
			choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason(reply) }],
			usage: usageOf(reply),
		};
	},

	streamPlan(reply, identity, includeUsage): StreamPlan {
		// Every chunk of a reply starts with the same fields: their JSON is made once per reply
		// (the stand-in streams thousands of chunks a second in bench/overhead, on the machine it
		// measures). The text is what JSON.stringify gives for the whole chunk object.
		const head = `{"id":${JSON.stringify(identity.id)},"object":"chat.completion.chunk","created":${JSON.stringify(identity.created)},"model":${JSON.stringify(identity.model)},"system_fingerprint":"touchstone-scripted","choices":`;
		const chunk = (choices: JsonValue[], usage?: JsonValue): SseFrame => ({
			event: null,
			data: `${head}${JSON.stringify(choices)}${includeUsage ? `,"usage":${JSON.stringify(usage ?? null)}` : ""}}`,
		});
		const delta = (content: JsonObject): SseFrame =>
			chunk([{ index: 0, delta: content, logprobs: null, finish_reason: null }]);
		const deltas: JsonObject[] = [];
		if (reply.text !== null || reply.toolCalls.length === 0)
			for (const piece of splitText(reply.text ?? "", 4)) deltas.push({ content: piece });
		for (const [index, call] of reply.toolCalls.entries()) {
			deltas.push({
				tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }],
			});
			for (const piece of splitText(call.argumentsJson, 2))
				deltas.push({ tool_calls: [{ index, function: { arguments: piece } }] });
		}
		const first = deltas[0];
		if (first !== undefined) deltas[0] = { role: "assistant", ...first };
		const closing = [chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason(reply) }])];
		if (includeUsage) closing.push(chunk([], usageOf(reply)));
		closing.push({ event: null, data: "[DONE]" });
		return { opening: [], pieces: deltas.map((content) => [delta(content)]), closing };
	},
};

function finishReason(reply: ScriptedReply): string {
	return reply.toolCalls.length > 0 ? "tool_calls" : "stop";
}

function usageOf(reply: ScriptedReply): JsonObject {
	const { promptTokens, completionTokens, cachedTokens } = reply.usage;
	const usage: JsonObject = {
		prompt_tokens: promptTokens,
		completion_tokens: completionTokens,
		total_tokens: promptTokens + completionTokens,
		prompt_tokens_details: { cached_tokens: cachedTokens },
	};
	if (reply.costUsd !== null) usage.cost = reply.costUsd;
	return usage;
}
