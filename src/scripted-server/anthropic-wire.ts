import { z } from "zod";
import type { JsonObject, JsonValue } from "../contract/index.js";
import { contentText, requestProblems } from "./message-text.js";
import { splitText } from "./split-text.js";
import type {
	CompletionRequest,
	Conversation,
	ErrorStatus,
	ScriptedReply,
	SseFrame,
	StreamPlan,
	Wire,
} from "./wire.js";

const blockSchema = z.looseObject({ type: z.string({ error: "expected a content block `type`" }) });

const messageSchema = z.looseObject({
	role: z.enum(["user", "assistant"], { error: "expected the role `user` or `assistant`" }),
	content: z.union([z.string(), z.array(blockSchema)], { error: "expected a string or a list of content blocks" }),
});

const requestSchema = z.looseObject({
	model: z.string({ error: "required: the model id (a string)" }).min(1),
	messages: z.array(messageSchema, { error: "required: the list of messages" }).min(1),
	max_tokens: z.int({ error: "required: max_tokens (a whole number)" }).min(1),
	system: z.union([z.string(), z.array(blockSchema)]).nullish(),
	stream: z.boolean().nullish(),
	tools: z.array(z.unknown()).nullish(),
});

type Block = z.infer<typeof blockSchema> & { text?: unknown; content?: unknown; input?: unknown };

const ERROR_TYPES: Record<ErrorStatus, string> = {
	400: "invalid_request_error",
	404: "not_found_error",
	413: "request_too_large",
	422: "invalid_request_error",
	429: "rate_limit_error",
	500: "api_error",
};

/** The Anthropic messages wire (`POST /v1/messages`): top-level `system`, content blocks, typed SSE events. */
export const anthropicWire: Wire = {
	toolCallIdPrefix: "toolu_scripted_",
	responseIdPrefix: "msg_scripted_",

	parseRequest(body: unknown): CompletionRequest | string {
		const parsed = requestSchema.safeParse(body);
		if (!parsed.success) return requestProblems(parsed.error);
		const request = parsed.data;
		const systemText = request.system === undefined || request.system === null ? null : contentText(request.system);
		return {
			model: request.model,
			stream: request.stream === true,
			includeUsage: true,
			conversation: conversationOf(request.messages, systemText, (request.tools?.length ?? 0) > 0),
		};
	},

	errorBody(status, message) {
		return { type: "error", error: { type: ERROR_TYPES[status], message } };
	},

	responseBody(reply, identity) {
		return {
			id: identity.id,
			type: "message",
			role: "assistant",
			model: identity.model,
			content: contentBlocks(reply),
			stop_reason: stopReason(reply),
			stop_sequence: null,
			usage: { ...inputUsage(reply), output_tokens: reply.usage.completionTokens },
		};
	},

	streamPlan(reply, identity): StreamPlan {
		const frame = (data: JsonObject): SseFrame => ({ event: String(data.type), data: JSON.stringify(data) });
		const message = {
			id: identity.id,
			type: "message",
			role: "assistant",
			model: identity.model,
			content: [],
			stop_reason: null,
			stop_sequence: null,
			usage: { ...inputUsage(reply), output_tokens: 0 },
		};
		const pieces: SseFrame[][] = [];
		for (const [index, block] of contentBlocks(reply).entries()) {
			const isText = block.type === "text";
			const parts = isText ? splitText(String(block.text), 4) : splitText(JSON.stringify(block.input), 2);
			const start = isText ? { ...block, text: "" } : { ...block, input: {} };
			for (const [partIndex, part] of parts.entries()) {
				const delta = isText ? { type: "text_delta", text: part } : { type: "input_json_delta", partial_json: part };
				const piece: SseFrame[] = [];
				if (partIndex === 0) piece.push(frame({ type: "content_block_start", index, content_block: start }));
				piece.push(frame({ type: "content_block_delta", index, delta }));
				if (partIndex === parts.length - 1) piece.push(frame({ type: "content_block_stop", index }));
				pieces.push(piece);
			}
		}
		return {
			opening: [frame({ type: "message_start", message })],
			pieces,
			closing: [
				frame({
					type: "message_delta",
					delta: { stop_reason: stopReason(reply), stop_sequence: null },
					usage: { output_tokens: reply.usage.completionTokens },
				}),
				frame({ type: "message_stop" }),
			],
		};
	},
};

function conversationOf(
	messages: readonly { role: string; content: string | readonly Block[] }[],
	systemText: string | null,
	hasTools: boolean,
): Conversation {
	let userText: string | null = null;
	let toolResultText: string | null = null;
	let assistants = 0;
	let promptChars = systemText?.length ?? 0;
	for (const message of messages) {
		if (message.role === "assistant") assistants++;
		const blocks: readonly Block[] =
			typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
		const texts: string[] = [];
		for (const block of blocks) {
			if (block.type === "text" && typeof block.text === "string") texts.push(block.text);
			else if (block.type === "tool_result") {
				toolResultText = contentText(block.content);
				promptChars += toolResultText.length;
			} else if (block.type === "tool_use") promptChars += JSON.stringify(block.input ?? {}).length;
		}
		const text = texts.join("\n");
		promptChars += text.length;
		if (message.role === "user" && text !== "") userText = text;
	}
	return { userText, systemText, turn: assistants + 1, toolResultText, hasTools, promptChars };
}

function contentBlocks(reply: ScriptedReply): JsonObject[] {
	const blocks: JsonObject[] = [];
	if (reply.text !== null || reply.toolCalls.length === 0) blocks.push({ type: "text", text: reply.text ?? "" });
	for (const call of reply.toolCalls)
		blocks.push({ type: "tool_use", id: call.id, name: call.name, input: call.input });
	return blocks;
}

function stopReason(reply: ScriptedReply): string {
	return reply.toolCalls.length > 0 ? "tool_use" : "end_turn";
}

/** Anthropic counts cache reads apart from `input_tokens`, unlike OpenAI's `prompt_tokens`. */
function inputUsage(reply: ScriptedReply): { [key: string]: JsonValue } {
	const { promptTokens, cachedTokens } = reply.usage;
	return {
		input_tokens: promptTokens - cachedTokens,
		cache_creation_input_tokens: 0,
		cache_read_input_tokens: cachedTokens,
	};
}
