import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { SprintLogEntry } from "../../../contract/index.js";
import { claudeCodeNormaliser } from "./claude-code-log.js";
import { piNormaliser } from "./pi-log.js";
import { readSprintLog } from "./read-sprint-log.js";

const samples = join(dirname(fileURLToPath(import.meta.url)), "samples");
const options = { segment: "M01", attempt: 2 } as const;
const usages = (entries: readonly SprintLogEntry[]) =>
	entries.filter((entry) => entry.kind === "usage").map((entry) => entry.usage);

describe("Claude Code's session log", () => {
	it("maps a session to calls, results, one usage per reply and its context deaths", async () => {
		const read = await readSprintLog(join(samples, "claude-code-session.jsonl"), "auto", options);
		expect(read.problems).toEqual([]);
		expect(read.entries.map((entry) => entry.kind)).toEqual([
			"message",
			"tool_call",
			"usage",
			"tool_result",
			"tool_call",
			"usage",
			"tool_result",
			"tool_call",
			"usage",
			"tool_result",
			"context_death",
			"context_death",
			"message",
			"usage",
		]);
		expect(
			read.entries.every(
				(entry) =>
					entry.segment === "M01" && entry.attempt === 2 && entry.role === "worker" && entry.source === "claude-code",
			),
		).toBe(true);
		const [, read1, , result1, edit] = read.entries;
		expect(read1?.call).toEqual({
			id: "toolu_01R",
			name: "Read",
			arguments: { file_path: "/work/repo/src/slug.ts" },
			malformed: false,
		});
		expect(read1?.ts).toBe("2026-03-02T11:00:03.980Z");
		expect(result1?.result).toMatchObject({ call_id: "toolu_01R", name: "Read", is_error: false });
		expect(result1?.result?.content).toContain("export function slug");
		expect(edit?.call?.arguments).toMatchObject({ old_string: "\treturn text.toLowerCase();" });
		expect(read.entries[6]?.result?.content).toBe("The file /work/repo/src/slug.ts has been updated.");
		expect(read.entries[9]?.result).toMatchObject({ name: "Bash", is_error: true });
		// Two streamed lines of msg_01Hq are one reply: 3 + 1000 + 200 prompt tokens, the larger output count.
		expect(usages(read.entries)).toEqual([
			{ input_tokens: 1203, output_tokens: 45, cached_tokens: 1000, billed_cost_usd: null, priced_cost_usd: null },
			{ input_tokens: 1205, output_tokens: 80, cached_tokens: 1200, billed_cost_usd: null, priced_cost_usd: null },
			{ input_tokens: 1352, output_tokens: 30, cached_tokens: 1300, billed_cost_usd: null, priced_cost_usd: null },
			{ input_tokens: 904, output_tokens: 12, cached_tokens: 900, billed_cost_usd: null, priced_cost_usd: 0.0031 },
		]);
		expect(read.entries[2]?.data).toEqual({ model: "claude-sonnet-4-5-20250929" });
		const [compaction, tooLong] = read.entries.filter((entry) => entry.kind === "context_death");
		expect(compaction?.data).toEqual({ reason: "compaction", trigger: "auto", pre_tokens: 155210 });
		expect(tooLong?.text).toBe("Prompt is too long");
	});

	it("prices a reply with the caller's table when the log states no cost, and keeps other API errors as errors", () => {
		const normaliser = claudeCodeNormaliser({ priced: (usage) => (usage.input_tokens ?? 0) / 1000 });
		const reply = {
			type: "assistant",
			timestamp: "2026-03-02T11:00:00Z",
			message: { id: "m1", model: "x", content: [], usage: { input_tokens: 2000, output_tokens: 5 } },
		};
		const error = {
			type: "assistant",
			isApiErrorMessage: true,
			message: { model: "<synthetic>", content: [{ type: "text", text: "API Error: 529 Overloaded" }] },
		};
		const first = normaliser.line(reply);
		expect(first.entries).toEqual([]);
		const second = normaliser.line(error);
		expect(second.entries.map((entry) => entry.kind)).toEqual(["usage", "error"]);
		expect(second.entries[0]?.usage?.priced_cost_usd).toBe(2);
		expect(second.entries[1]).toMatchObject({ text: "API Error: 529 Overloaded", segment: null, attempt: null });
		expect(normaliser.end()).toEqual([]);
	});

	it("marks a tool input that is not an object as malformed and names unread lines as problems", () => {
		const normaliser = claudeCodeNormaliser();
		const call = normaliser.line({
			type: "assistant",
			message: { id: "m1", content: [{ type: "tool_use", id: "t1", name: "Write", input: '{"file_path": "a' }] },
		});
		expect(call.entries[0]?.call).toEqual({
			id: "t1",
			name: "Write",
			arguments: null,
			malformed: true,
			raw: '{"file_path": "a',
		});
		expect(normaliser.line([1]).problem).toBe("not a JSON object");
		expect(normaliser.line({ type: "user" }).problem).toMatch(/without a `message`/);
		expect(
			normaliser.line({ type: "system", subtype: "api_error", error: "prompt is too long: 210883 tokens" }).entries[0]
				?.kind,
		).toBe("context_death");
	});
});

describe("pi's session log", () => {
	it("maps a session to calls, results, usage with pi's own cost and its context deaths", async () => {
		const read = await readSprintLog(join(samples, "pi-session.jsonl"), "auto", { ...options, role: "validator" });
		expect(read.problems).toEqual([]);
		expect(read.entries.map((entry) => entry.kind)).toEqual([
			"message",
			"tool_call",
			"usage",
			"tool_result",
			"tool_call",
			"usage",
			"tool_result",
			"tool_call",
			"usage",
			"tool_result",
			"context_death",
			"context_death",
			"message",
			"usage",
		]);
		expect(read.entries.every((entry) => entry.role === "validator" && entry.source === "pi")).toBe(true);
		expect(read.entries[0]?.text).toBe("Reading the helper.");
		expect(read.entries[1]?.call).toEqual({
			id: "toolu_pi1",
			name: "read",
			arguments: { path: "src/slug.ts" },
			malformed: false,
		});
		expect(read.entries[3]?.result).toMatchObject({ call_id: "toolu_pi1", name: "read", is_error: false });
		expect(read.entries[9]?.result).toMatchObject({ name: "bash", is_error: true });
		// Prompt tokens are input + cacheRead + cacheWrite; the error reply that counted nothing gives no usage.
		expect(usages(read.entries)).toEqual([
			{ input_tokens: 2900, output_tokens: 60, cached_tokens: 0, billed_cost_usd: null, priced_cost_usd: 0.0061 },
			{ input_tokens: 1600, output_tokens: 90, cached_tokens: 1400, billed_cost_usd: null, priced_cost_usd: 0.0024 },
			{ input_tokens: 1700, output_tokens: 20, cached_tokens: 1600, billed_cost_usd: null, priced_cost_usd: 0.0011 },
			{ input_tokens: 1750, output_tokens: 15, cached_tokens: 1700, billed_cost_usd: null, priced_cost_usd: 0.0009 },
		]);
		const [compaction, tooLong] = read.entries.filter((entry) => entry.kind === "context_death");
		expect(compaction?.data).toEqual({ reason: "compaction", tokens_before: 120400 });
		expect(tooLong?.text).toMatch(/^prompt is too long/);
		expect(tooLong?.ts).toBe("2026-03-02T12:05:03.000Z");
	});

	it("keeps a failed reply that is no overflow as an error, and takes the message's time when the line has none", () => {
		const normaliser = piNormaliser();
		const out = normaliser.line({
			type: "message",
			message: {
				role: "assistant",
				content: [],
				usage: { input: 10, output: 0, cacheRead: 0, cacheWrite: 0 },
				stopReason: "error",
				errorMessage: "overloaded_error",
				timestamp: 1772452800000,
			},
		});
		expect(out.entries.map((entry) => entry.kind)).toEqual(["usage", "error"]);
		expect(out.entries[0]?.usage?.priced_cost_usd).toBeNull();
		expect(out.entries[1]?.ts).toBe("2026-03-02T12:00:00.000Z");
		expect(normaliser.line({ type: "message" }).problem).toMatch(/without a `message`/);
	});
});
