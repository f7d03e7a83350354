import type { SprintLogEntry, SprintUsage } from "../../../contract/index.js";
import {
	asCount,
	asObject,
	contentText,
	type ExternalLogOptions,
	entryMaker,
	isContextOverflow,
	isoTime,
	type LogNormaliser,
	NO_TIME,
	promptTokens,
	toolArguments,
} from "./log-normaliser.js";

/**
 * Reads pi's session JSONL (pi-coding-agent, `~/.pi/agent/sessions/--<path>--/<time>_<id>.jsonl`)
 * into sprint log entries (mapping in docs/sprint-log.md). Lines are read in file order; pi's
 * tree (`id`/`parentId`, for branches a user made by hand) is not followed.
 * - `type: "message"` with `message.role: "assistant"`: each `content` item, `text` as a
 *   `message`, `toolCall` (`id`, `name`, `arguments`) as a `tool_call`; thinking is left out. Then
 *   one `usage` entry from `usage` (prompt tokens `input + cacheRead + cacheWrite`, cached tokens
 *   `cacheRead`, `cost.total` as the price-table cost: pi prices calls from its own model table
 *   and reports no billed cost). A reply with `stopReason: "error"` is an `error`, or a
 *   `context_death` when its `errorMessage` is a context-length refusal; such a reply that
 *   counted no tokens gives no usage.
 * - `message.role: "toolResult"`: a `tool_result` (`toolCallId`, `toolName`, `isError`, the text
 *   items of `content`).
 * - `type: "compaction"` (pi summarised the context, `tokensBefore`): a `context_death`.
 * - every other line (the `session` header, the user's messages, model changes, labels, …) gives nothing.
 */
export function piNormaliser(options: ExternalLogOptions = {}): LogNormaliser {
	const make = entryMaker("pi", options);
	let lastTs = NO_TIME;
	return {
		line(value) {
			const row = asObject(value);
			if (row === null) return { entries: [], problem: "not a JSON object" };
			const message = asObject(row.message);
			const ts = isoTime(row.timestamp) ?? isoTime(message?.timestamp) ?? lastTs;
			lastTs = ts;
			if (row.type === "compaction") {
				const tokensBefore = asCount(row.tokensBefore);
				return {
					entries: [
						make(ts, {
							kind: "context_death",
							text: tokensBefore === null ? "Context compacted" : `Context compacted at ${tokensBefore} tokens`,
							data: { reason: "compaction", tokens_before: tokensBefore },
						}),
					],
				};
			}
			if (row.type !== "message") return { entries: [] };
			if (message === null) return { entries: [], problem: "a message line without a `message` object" };
			if (message.role === "toolResult") {
				const result = {
					call_id: typeof message.toolCallId === "string" ? message.toolCallId : "",
					name: typeof message.toolName === "string" ? message.toolName : "",
					is_error: message.isError === true,
					content: contentText(message.content),
				};
				return { entries: [make(ts, { kind: "tool_result", result })] };
			}
			if (message.role !== "assistant") return { entries: [] };
			return { entries: assistantEntries(message, ts, make, options) };
		},
		end: () => [],
	};
}

function assistantEntries(
	message: Record<string, unknown>,
	ts: string,
	make: ReturnType<typeof entryMaker>,
	options: ExternalLogOptions,
): SprintLogEntry[] {
	const entries: SprintLogEntry[] = [];
	const content = Array.isArray(message.content) ? message.content : [];
	for (const item of content.map(asObject)) {
		if (item?.type === "text" && typeof item.text === "string" && item.text !== "")
			entries.push(make(ts, { kind: "message", text: item.text }));
		else if (item?.type === "toolCall") {
			const id = typeof item.id === "string" ? item.id : "";
			const name = typeof item.name === "string" ? item.name : "";
			entries.push(make(ts, { kind: "tool_call", call: { id, name, ...toolArguments(item.arguments) } }));
		}
	}
	const failed = message.stopReason === "error";
	const usage = asObject(message.usage);
	if (usage !== null) {
		const cacheRead = asCount(usage.cacheRead);
		const counted: Omit<SprintUsage, "priced_cost_usd"> = {
			input_tokens: promptTokens(asCount(usage.input), cacheRead, asCount(usage.cacheWrite)),
			output_tokens: asCount(usage.output),
			cached_tokens: cacheRead,
			billed_cost_usd: null,
		};
		const spent = (counted.input_tokens ?? 0) + (counted.output_tokens ?? 0) > 0;
		if (!failed || spent) {
			const priced =
				asCount(asObject(usage.cost)?.total) ?? options.priced?.({ ...counted, priced_cost_usd: null }) ?? null;
			const model = typeof message.model === "string" ? { data: { model: message.model } } : {};
			entries.push(make(ts, { kind: "usage", usage: { ...counted, priced_cost_usd: priced }, ...model }));
		}
	}
	if (failed) {
		const text =
			typeof message.errorMessage === "string" && message.errorMessage !== "" ? message.errorMessage : "error";
		entries.push(make(ts, { kind: isContextOverflow(text) ? "context_death" : "error", text }));
	}
	return entries;
}
