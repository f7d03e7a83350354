import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	type Completion,
	type CompletionRequest,
	type Provider,
	ProviderError,
	type Sandbox,
	type ToolCall,
} from "../../contract/index.js";
import { createSandbox } from "../../sandbox/index.js";
import { type AgentLoopInput, runAgentLoop } from "./agent-loop.js";
import type { TurnTiming } from "./turn-timing.js";

type Reply = Partial<Completion> | ProviderError | ((request: CompletionRequest) => Partial<Completion>);

/** A provider that answers each call with the next reply, and records the requests. */
function fakeProvider(replies: readonly Reply[], delayMs = 0) {
	const requests: CompletionRequest[] = [];
	const provider: Provider = {
		specificationVersion: "v1",
		id: "fake:model",
		endpoint: null,
		async complete(request) {
			requests.push(structuredClone(request));
			if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
			const reply = replies[requests.length - 1] ?? { text: "out of replies" };
			if (reply instanceof ProviderError) throw reply;
			const partial = typeof reply === "function" ? reply(request) : reply;
			return {
				text: "",
				tool_calls: [],
				finish_reason: "stop",
				usage: { input_tokens: 10, output_tokens: 5, cache_tokens: null },
				billed_cost_usd: null,
				timing: { latency_ms: delayMs, ttft_ms: null, generation_ms: null },
				retries: 0,
				raw: { call: requests.length },
				...partial,
			};
		},
	};
	return { provider, requests };
}

const call = (name: string, args: ToolCall["arguments"], id = `call-${name}`): ToolCall => ({
	id,
	name,
	arguments: args,
});

let root: string;
let sandbox: Sandbox;

beforeEach(async () => {
	root = mkdtempSync(join(tmpdir(), "touchstone-agent-loop-"));
	writeFileSync(join(root, "a.txt"), "alpha\n");
	// The loop's behaviour does not depend on isolation; the process backend is quickest.
	sandbox = await createSandbox({ fixture: root, backend: "process", allowUnisolated: true });
});
afterEach(async () => {
	await sandbox.dispose();
	rmSync(root, { recursive: true, force: true });
});

function loop(provider: Provider, overrides: Partial<AgentLoopInput> = {}) {
	return runAgentLoop({
		provider,
		sandbox,
		task: {
			prompt: "Do it.",
			fixtureDir: root,
			budget: { turns: 10, tokens: null, timeout_s: 30, cost_usd: null },
			tools: { shell: false },
		},
		price: null,
		signal: new AbortController().signal,
		toolOutputChars: 1000,
		...overrides,
	});
}

describe("agent loop", () => {
	it("returns arguments that are not JSON to the model as a tool error, and keeps their error in the trace", async () => {
		const broken: ToolCall = { id: "c1", name: "write_file", arguments: {}, arguments_error: "not valid JSON: {path" };
		const { provider, requests } = fakeProvider([
			{ tool_calls: [broken], finish_reason: "tool-calls" },
			{ tool_calls: [call("done", { summary: "gave up" })] },
		]);
		const result = await loop(provider);

		expect(result.status).toBe("completed");
		expect(result.final).toBe("gave up");
		expect(result.trace[0]).toMatchObject({ kind: "tool_call", tool: "write_file", arguments: null });
		expect(result.trace[0]?.content).toContain("not valid JSON");
		expect(result.trace[1]).toMatchObject({ kind: "tool_result", is_error: true });
		expect(requests[1]?.messages.at(-1)).toMatchObject({
			role: "tool",
			tool_call_id: "c1",
			content: expect.stringMatching(/invalid arguments for write_file: not valid JSON/),
		});
		expect(result.details).toMatchObject({ tool_errors: 1, tool_errors_by_kind: { arguments: 1 } });
	});

	it("ends at `done`: calls after it in the same reply are recorded but not run", async () => {
		const { provider } = fakeProvider([
			{
				tool_calls: [
					call("write_file", { path: "b.txt", content: "b" }),
					call("done", { summary: "wrote b" }),
					call("write_file", { path: "c.txt", content: "c" }),
				],
			},
		]);
		const result = await loop(provider);

		expect(result.status).toBe("completed");
		expect(result.trace.map((step) => `${step.kind}:${step.tool}`)).toEqual([
			"tool_call:write_file",
			"tool_result:write_file",
			"tool_call:done",
			"tool_call:write_file",
		]);
		expect(existsSync(join(sandbox.workdir, "b.txt"))).toBe(true);
		expect(existsSync(join(sandbox.workdir, "c.txt"))).toBe(false);
	});

	it("asks for `done` with a summary: without one it is a tool error and the loop goes on", async () => {
		const { provider } = fakeProvider([{ tool_calls: [call("done", {})] }, { text: "Finished." }]);
		const result = await loop(provider);

		expect(result.trace[1]).toMatchObject({ kind: "tool_result", is_error: true });
		expect(result.trace[1]?.content).toMatch(/argument `summary` is missing/);
		expect(result.status).toBe("completed");
		expect(result.final).toBe("Finished.");
	});

	it("takes the last text as the final when the model stops with an empty reply", async () => {
		const { provider } = fakeProvider([
			{ text: "Reading a.txt first.", tool_calls: [call("read_file", { path: "a.txt" })] },
			{ text: "" },
		]);
		const result = await loop(provider);

		expect(result.status).toBe("completed");
		expect(result.final).toBe("Reading a.txt first.");
		expect(result.trace[0]).toMatchObject({ kind: "thought", tokens: 5 });
		expect(result.trace[1]).toMatchObject({ kind: "tool_call", tokens: 0 });
		expect(result.trace[2]).toMatchObject({ kind: "tool_result", content: "alpha\n", tokens: null });
	});

	it("calls a reply the content filter stopped a failure of the model", async () => {
		const { provider } = fakeProvider([{ text: "", finish_reason: "content-filter" }]);
		const result = await loop(provider);

		expect(result.status).toBe("failed");
		expect(result.error).toMatch(/content filter/);
	});

	it("calls a model call that timed out after its retries `timeout`, and keeps the retries", async () => {
		const timeout = new ProviderError("fake:model: no complete reply within 1 s", { kind: "timeout", retries: 2 });
		const { provider } = fakeProvider([{ tool_calls: [call("list_dir", {})] }, timeout]);
		const result = await loop(provider);

		expect(result.status).toBe("timeout");
		expect(result.error).toBe("model call failed (timeout after 2 retries): fake:model: no complete reply within 1 s");
		expect(result.details).toMatchObject({ retries: 2 });
		expect(result.trace[1]?.content).toBe("a.txt (6 bytes)");
	});

	it("calls a sandbox that broke under a tool a harness error, not the model's", async () => {
		const { provider } = fakeProvider([
			() => {
				void sandbox.dispose();
				return { tool_calls: [call("read_file", { path: "a.txt" })] };
			},
		]);
		const result = await loop(provider);

		expect(result.status).toBe("harness_error");
		expect(result.error).toMatch(/^the sandbox failed: .*disposed/);
	});

	it("reports each turn's model, tool and own time; the loop's own share is small", async () => {
		const timings: TurnTiming[] = [];
		const { provider } = fakeProvider(
			[
				{ tool_calls: [call("read_file", { path: "a.txt" })] },
				{ tool_calls: [call("write_file", { path: "a.txt", content: "beta\n" })] },
				{ tool_calls: [call("done", { summary: "ok" })] },
			],
			20,
		);
		const result = await loop(provider, { onTurnEnd: (timing) => timings.push(timing) });

		expect(timings.map((timing) => timing.turn)).toEqual([1, 2, 3]);
		for (const timing of timings) {
			expect(timing.model_ms).toBeGreaterThanOrEqual(19);
			expect(timing.turn_ms).toBeGreaterThanOrEqual(timing.model_ms + timing.tool_ms);
		}
		expect(timings[1]?.tool_ms).toBeGreaterThan(0);
		expect(result.details).toMatchObject({ budget_used: { turns: 3, tokens: 45 } });
		const timing = result.details.timing as { loop_overhead_max_ms: number };
		expect(timing.loop_overhead_max_ms).toBeLessThan(50);
	});
});
