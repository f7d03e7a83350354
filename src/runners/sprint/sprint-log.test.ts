import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Step } from "../../contract/index.js";
import { logAgentTrace } from "./agent-trace-log.js";
import { openSprintLog, truncateLogText } from "./sprint-log.js";

let dir: string;
beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "sprint-log-"));
});
afterEach(async () => {
	await rm(dir, { recursive: true, force: true });
});

const lines = async (path: string) =>
	(await readFile(path, "utf8"))
		.split("\n")
		.filter((line) => line !== "")
		.map((line) => JSON.parse(line) as Record<string, unknown>);

const step = (kind: Step["kind"], fields: Partial<Step> = {}): Step => ({
	kind,
	content: "",
	tool: null,
	arguments: null,
	is_error: false,
	tokens: null,
	at_ms: null,
	...fields,
});

describe("the sprint log", () => {
	it("appends one line per entry with v, a UTC timestamp and the touchstone source, in a folder it creates", async () => {
		const log = openSprintLog(join(dir, "run", "log.ndjson"));
		log.append({ kind: "run_start", segment: null, attempt: null, role: "harness", data: { model: "m" } });
		log.append({ kind: "attempt_end", segment: "M01", attempt: 1, role: "harness", ok: true });
		const [first, second] = await lines(log.path);
		expect(first).toMatchObject({ v: 1, kind: "run_start", segment: null, source: "touchstone", data: { model: "m" } });
		expect(first?.ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
		expect(Object.keys(first ?? {}).slice(0, 7)).toEqual(["v", "ts", "kind", "segment", "attempt", "role", "source"]);
		expect(second).toMatchObject({ kind: "attempt_end", segment: "M01", attempt: 1, ok: true });
		// A second handle on the same file (a resumed run) appends after what is there.
		openSprintLog(log.path).append({ kind: "resume", segment: "M02", attempt: null, role: "harness" });
		expect((await lines(log.path)).map((line) => line.kind)).toEqual(["run_start", "attempt_end", "resume"]);
	});

	it("cuts text, raw arguments and tool results to 2,000 characters", async () => {
		const log = openSprintLog(join(dir, "log.ndjson"));
		const long = "x".repeat(5000);
		log.append({ kind: "message", segment: "M01", attempt: 1, role: "worker", text: long });
		log.append({
			kind: "tool_call",
			segment: "M01",
			attempt: 1,
			role: "worker",
			call: { id: "c1", name: "write_file", arguments: null, malformed: true, raw: long },
		});
		log.append({
			kind: "tool_result",
			segment: "M01",
			attempt: 1,
			role: "worker",
			result: { call_id: "c1", name: "write_file", is_error: true, content: long },
		});
		const [message, call, result] = (await lines(log.path)) as {
			text?: string;
			call?: { raw: string };
			result?: { content: string };
		}[];
		expect(message?.text).toHaveLength(2000);
		expect(message?.text?.endsWith("x…")).toBe(true);
		expect(call?.call?.raw).toHaveLength(2000);
		expect(result?.result?.content).toHaveLength(2000);
	});

	it("never splits a surrogate pair when it cuts", () => {
		const cut = truncateLogText(`${"a".repeat(8)}😀😀`, 10);
		expect(cut).toBe(`${"a".repeat(8)}…`);
		expect(truncateLogText("short", 10)).toBe("short");
	});
});

describe("an agent drive in the log", () => {
	it("writes steps in order, pairs results with calls, marks malformed calls and adds one usage line per reply", async () => {
		const log = openSprintLog(join(dir, "log.ndjson"));
		const steps: Step[] = [
			step("thought", { content: "Reading first." }),
			step("tool_call", { tool: "read_file", arguments: { path: "src/a.ts" } }),
			step("tool_result", { tool: "read_file", content: "export const a = 1;\n" }),
			step("tool_call", { tool: "write_file", content: "unusable arguments: not JSON" }),
			step("tool_result", { tool: "write_file", content: "bad arguments", is_error: true }),
			step("message", { content: "Done." }),
		];
		const replies = [
			{ usage: { input_tokens: 100, output_tokens: 20, cache_tokens: 40 }, billed_cost_usd: 0.01 },
			{ usage: { input_tokens: 150, output_tokens: null, cache_tokens: null }, billed_cost_usd: null },
		];
		const written = logAgentTrace(log, { segment: "M02", attempt: 2, role: "worker" }, steps, replies, (usage) =>
			usage.output_tokens === null ? null : 0.5,
		);
		const read = await lines(log.path);
		expect(read).toEqual(JSON.parse(JSON.stringify(written)));
		expect(read.map((line) => line.kind)).toEqual([
			"message",
			"tool_call",
			"tool_result",
			"tool_call",
			"tool_result",
			"message",
			"usage",
			"usage",
		]);
		expect(read.every((line) => line.segment === "M02" && line.attempt === 2 && line.role === "worker")).toBe(true);
		const [thought, readCall, readResult, badCall, badResult] = written;
		expect(thought?.data).toEqual({ thought: true });
		expect(written[5]?.data).toBeUndefined();
		expect(readCall?.call).toMatchObject({ name: "read_file", arguments: { path: "src/a.ts" }, malformed: false });
		expect(readCall?.call?.raw).toBeUndefined();
		expect(badCall?.call).toMatchObject({ name: "write_file", arguments: null, malformed: true });
		expect(badCall?.call?.raw).toBe("unusable arguments: not JSON");
		expect(readResult?.result?.call_id).toBe(readCall?.call?.id);
		expect(badResult?.result).toMatchObject({ call_id: badCall?.call?.id, is_error: true });
		expect(readCall?.call?.id).not.toBe(badCall?.call?.id);
		expect(written[6]?.usage).toEqual({
			input_tokens: 100,
			output_tokens: 20,
			cached_tokens: 40,
			billed_cost_usd: 0.01,
			priced_cost_usd: 0.5,
		});
		expect(written[7]?.usage).toEqual({
			input_tokens: 150,
			output_tokens: null,
			cached_tokens: null,
			billed_cost_usd: null,
			priced_cost_usd: null,
		});
	});

	it("gives each drive its own call ids, so two workers of one attempt never share one", () => {
		const log = openSprintLog(join(dir, "log.ndjson"));
		const steps = [step("tool_call", { tool: "list_dir", arguments: {} })];
		const context = { segment: "M01", attempt: 1, role: "worker" } as const;
		const [first] = logAgentTrace(log, context, steps, [], () => null);
		const [second] = logAgentTrace(log, context, steps, [], () => null);
		expect(first?.call?.id).not.toBe(second?.call?.id);
	});
});
