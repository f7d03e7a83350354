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
 * Reads Claude Code's session JSONL (`~/.claude/projects/<project>/<session>.jsonl`) into sprint
 * log entries (mapping in docs/sprint-log.md):
 * - `type: "assistant"`: each `message.content` item, `text` as a `message`, `tool_use`
 *   (`id`, `name`, `input`) as a `tool_call`; thinking is left out. Claude Code writes one line
 *   per content item of a streamed reply, each with the reply's `message.usage`, so one `usage`
 *   entry per `message.id` follows the reply's last line, each count the largest its lines gave.
 *   Prompt tokens are `input_tokens` plus `cache_read_input_tokens` and
 *   `cache_creation_input_tokens`; cached tokens are the cache reads. A line's `costUSD`
 *   (written by older versions) is its price-table cost; Claude Code reports no billed cost.
 * - `type: "assistant"` with `isApiErrorMessage` (a synthetic reply): a `context_death` when its
 *   text is a context-length refusal ("Prompt is too long"), else an `error`. No usage.
 * - `type: "user"`: each `tool_result` item (`tool_use_id`, `content`, `is_error`) as a
 *   `tool_result`, named after its call; the user's own text (the briefing) is left out.
 * - `type: "system"`: `subtype: "compact_boundary"` (the context compacted, `compactMetadata`
 *   trigger and pre-compaction tokens) as a `context_death`; `subtype: "api_error"` as an `error`
 *   (a `context_death` when it is a context-length refusal).
 * - every other line (`summary`, `file-history-snapshot`, …) gives nothing.
 */
export function claudeCodeNormaliser(options: ExternalLogOptions = {}): LogNormaliser {
	const make = entryMaker("claude-code", options);
	const names = new Map<string, string>();
	let lastTs = NO_TIME;
	let unnamed = 0;
	let pending: { key: string; ts: string; parts: UsageParts; model: string | null } | null = null;

	const flush = (): SprintLogEntry[] => {
		if (pending === null) return [];
		const { ts, parts, model } = pending;
		pending = null;
		const usage: Omit<SprintUsage, "priced_cost_usd"> = {
			input_tokens: promptTokens(parts.input, parts.cacheRead, parts.cacheWrite),
			output_tokens: parts.output,
			cached_tokens: parts.cacheRead,
			billed_cost_usd: null,
		};
		const priced = parts.cost ?? options.priced?.({ ...usage, priced_cost_usd: null }) ?? null;
		return [
			make(ts, { kind: "usage", usage: { ...usage, priced_cost_usd: priced }, ...(model ? { data: { model } } : {}) }),
		];
	};

	return {
		line(value) {
			const row = asObject(value);
			if (row === null) return { entries: [], problem: "not a JSON object" };
			const ts = isoTime(row.timestamp) ?? lastTs;
			lastTs = ts;
			if (row.type === "assistant") {
				const message = asObject(row.message);
				if (message === null) return { entries: [], problem: "an assistant line without a `message` object" };
				if (row.isApiErrorMessage === true) {
					const text = contentText(message.content) || "API error";
					return {
						entries: [...flush(), make(ts, { kind: isContextOverflow(text) ? "context_death" : "error", text })],
					};
				}
				const key =
					typeof message.id === "string"
						? message.id
						: typeof row.requestId === "string"
							? row.requestId
							: `line-${++unnamed}`;
				const entries = pending !== null && pending.key !== key ? flush() : [];
				entries.push(...contentEntries(message.content, ts, make, names));
				const usage = asObject(message.usage);
				if (usage !== null && message.model !== "<synthetic>") {
					const parts = usageParts(usage, asCount(row.costUSD));
					pending =
						pending?.key === key
							? { ...pending, parts: mergeParts(pending.parts, parts) }
							: { key, ts, parts, model: typeof message.model === "string" ? message.model : null };
				}
				return { entries };
			}
			if (row.type === "user") {
				const entries = flush();
				const message = asObject(row.message);
				if (message === null) return { entries, problem: "a user line without a `message` object" };
				if (!Array.isArray(message.content)) return { entries };
				for (const item of message.content.map(asObject)) {
					if (item?.type !== "tool_result") continue;
					const callId = typeof item.tool_use_id === "string" ? item.tool_use_id : "";
					entries.push(
						make(ts, {
							kind: "tool_result",
							result: {
								call_id: callId,
								name: names.get(callId) ?? "",
								is_error: item.is_error === true,
								content: contentText(item.content),
							},
						}),
					);
				}
				return { entries };
			}
			if (row.type === "system") return { entries: [...flush(), ...systemEntries(row, ts, make)] };
			return { entries: [] };
		},
		end: flush,
	};
}

type Make = ReturnType<typeof entryMaker>;

/** The messages and tool calls of one assistant line's content. */
function contentEntries(content: unknown, ts: string, make: Make, names: Map<string, string>): SprintLogEntry[] {
	if (typeof content === "string") return content === "" ? [] : [make(ts, { kind: "message", text: content })];
	if (!Array.isArray(content)) return [];
	const entries: SprintLogEntry[] = [];
	for (const item of content.map(asObject)) {
		if (item?.type === "text" && typeof item.text === "string" && item.text !== "")
			entries.push(make(ts, { kind: "message", text: item.text }));
		else if (item?.type === "tool_use") {
			const id = typeof item.id === "string" ? item.id : "";
			const name = typeof item.name === "string" ? item.name : "";
			names.set(id, name);
			entries.push(make(ts, { kind: "tool_call", call: { id, name, ...toolArguments(item.input) } }));
		}
	}
	return entries;
}

/** A `system` line's context death or error, if it is one. */
function systemEntries(row: Record<string, unknown>, ts: string, make: Make): SprintLogEntry[] {
	if (row.subtype === "compact_boundary") {
		const metadata = asObject(row.compactMetadata);
		const trigger = typeof metadata?.trigger === "string" ? metadata.trigger : null;
		const preTokens = asCount(metadata?.preTokens);
		const text = typeof row.content === "string" && row.content !== "" ? row.content : "Conversation compacted";
		return [make(ts, { kind: "context_death", text, data: { reason: "compaction", trigger, pre_tokens: preTokens } })];
	}
	if (row.subtype === "api_error") {
		const error = row.error ?? row.cause ?? row.content;
		const text = typeof error === "string" ? error : JSON.stringify(error ?? "API error");
		return [make(ts, { kind: isContextOverflow(text) ? "context_death" : "error", text })];
	}
	return [];
}

interface UsageParts {
	readonly input: number | null;
	readonly output: number | null;
	readonly cacheRead: number | null;
	readonly cacheWrite: number | null;
	readonly cost: number | null;
}

function usageParts(usage: Record<string, unknown>, cost: number | null): UsageParts {
	return {
		input: asCount(usage.input_tokens),
		output: asCount(usage.output_tokens),
		cacheRead: asCount(usage.cache_read_input_tokens),
		cacheWrite: asCount(usage.cache_creation_input_tokens),
		cost,
	};
}

/** The streamed lines of one reply: each count the largest any line gave (early lines hold placeholders). */
function mergeParts(a: UsageParts, b: UsageParts): UsageParts {
	const larger = (x: number | null, y: number | null) => (x === null ? y : y === null ? x : Math.max(x, y));
	return {
		input: larger(a.input, b.input),
		output: larger(a.output, b.output),
		cacheRead: larger(a.cacheRead, b.cacheRead),
		cacheWrite: larger(a.cacheWrite, b.cacheWrite),
		cost: larger(a.cost, b.cost),
	};
}
