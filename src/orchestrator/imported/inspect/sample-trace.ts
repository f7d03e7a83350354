import type { JsonObject, JsonValue, Step } from "../../../contract/index.js";
import type { InspectMessage, InspectSample } from "./log-schema.js";

const ATTACHMENT = "attachment://";

/**
 * `value` with every `attachment://<hash>` string replaced by the attachment it names: inspect
 * stores a long or repeated text (an input, a system prompt) once per sample, in `attachments`,
 * and refers to it wherever it occurs. A reference to an attachment the sample does not hold is
 * kept as it is.
 */
export function resolveAttachments<T>(value: T, attachments: Readonly<Record<string, string>>): T {
	if (typeof value === "string")
		return (value.startsWith(ATTACHMENT) ? (attachments[value.slice(ATTACHMENT.length)] ?? value) : value) as T;
	if (Array.isArray(value)) return value.map((item) => resolveAttachments(item, attachments)) as T;
	if (typeof value === "object" && value !== null)
		return Object.fromEntries(
			Object.entries(value).map(([key, item]) => [key, resolveAttachments(item, attachments)]),
		) as T;
	return value;
}

/** A message's content as text: its text parts joined, any other part as `[<type>]` (an image, audio). */
export function messageText(message: Pick<InspectMessage, "content">): string {
	const { content } = message;
	if (typeof content === "string") return content;
	return content
		.filter((part) => part.type !== "reasoning")
		.map((part) => (part.type === "text" ? (part.text ?? "") : `[${part.type}]`))
		.join("\n");
}

/** What the model was prompted with before its first reply (system and user messages), or null when the log has none. */
export function promptOf(messages: readonly InspectMessage[]): JsonValue {
	const first = replyStart(messages);
	const prompt = first === -1 ? messages : messages.slice(0, first);
	if (prompt.length === 0) return null;
	return prompt.map((message) => ({ role: message.role, content: messageText(message) }));
}

/**
 * The conversation from the model's first reply (or first tool result) on, as steps: an assistant message's reasoning a
 * `thought`, its text a `message`, each tool call a `tool_call` (arguments null when the model
 * sent none that inspect could parse); a tool message a `tool_result`, an error when inspect
 * returned a tool error to the model; a user or system message later in the conversation (an
 * agent's nudge to continue) a `message` starting `[user]`. The log keeps no time or token count
 * per message, so those are null.
 */
export function sampleTrace(sample: Pick<InspectSample, "messages">): Step[] {
	const messages = sample.messages ?? [];
	const first = replyStart(messages);
	if (first === -1) return [];
	const steps: Step[] = [];
	const step = (kind: Step["kind"], content: string, extra: Partial<Step> = {}): void => {
		steps.push({ kind, content, tool: null, arguments: null, is_error: false, tokens: null, at_ms: null, ...extra });
	};
	for (const message of messages.slice(first)) {
		if (message.role === "assistant") {
			if (Array.isArray(message.content))
				for (const part of message.content)
					if (part.type === "reasoning")
						step("thought", part.redacted === true ? "[redacted]" : (part.reasoning ?? part.summary ?? ""));
			const text = messageText(message);
			if (text !== "") step("message", text);
			for (const call of message.tool_calls ?? [])
				step("tool_call", JSON.stringify(call.arguments ?? null), {
					tool: call.function,
					arguments: isObject(call.arguments) && call.parse_error == null ? (call.arguments as JsonObject) : null,
				});
		} else if (message.role === "tool") {
			const text = messageText(message);
			const error = message.error ?? null;
			step("tool_result", text === "" && error !== null ? error.message : text, {
				tool: message.function ?? null,
				is_error: error !== null,
			});
		} else step("message", `[${message.role}] ${messageText(message)}`);
	}
	return steps;
}

/** Where the prompt ends: the first message neither system nor user, -1 when there is none. */
function replyStart(messages: readonly InspectMessage[]): number {
	return messages.findIndex((message) => message.role !== "system" && message.role !== "user");
}

function isObject(value: unknown): boolean {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
