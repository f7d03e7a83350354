import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompletionRequest } from "../../src/contract/index.js";
import { costOf, createProvider, telemetryFrom } from "../../src/providers/index.js";
import { type ScriptedServer, startScriptedServer } from "../../src/scripted-server/index.js";
import { API_KEY, ENV, everythingIn, SCRIPT, scriptedEntry } from "./fixtures.js";

let server: ScriptedServer;
const returned: unknown[] = [];

beforeAll(async () => {
	server = await startScriptedServer({ script: SCRIPT });
});
afterAll(async () => {
	await server.close();
});

const signal = () => new AbortController().signal;
const TOOLS = [
	{
		name: "get_weather",
		description: "Current weather of a city",
		parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
	},
];
const QUESTION: CompletionRequest = {
	messages: [
		{ role: "system", content: "Answer briefly." },
		{ role: "user", content: "What is the capital of France?" },
	],
	temperature: 0.3,
	max_tokens: 64,
	tools: TOOLS,
};

function lastRequest(model: string) {
	const request = server.requests(model).at(-1);
	if (request === undefined) throw new Error(`the scripted server saw no request for ${model}`);
	return request as { path: string; headers: Record<string, string>; body: Record<string, unknown> };
}

function plainText(content: unknown): string {
	if (typeof content === "string") return content;
	return (content as { text?: string }[]).map((part) => part.text ?? "").join("");
}

const KINDS = ["openai-compatible", "openrouter", "anthropic"] as const;

describe.each(KINDS)("%s provider over real HTTP", (kind) => {
	it("sends the model id, messages, sampling settings, tools, stream and the key header", async () => {
		const provider = createProvider(scriptedEntry(kind, "scripted/fast", server.url), { env: ENV });
		const completion = await provider.complete(QUESTION, { signal: signal() });
		returned.push(completion);
		expect(completion.text).toBe("Paris is the capital of France, and it has been for a long time.");
		expect(completion.finish_reason).toBe("stop");

		const { path, headers, body } = lastRequest("scripted/fast");
		expect(body.model).toBe("scripted/fast");
		expect(body.temperature).toBe(0.3);
		expect(body.max_tokens).toBe(64);
		expect(body.stream).toBe(true);
		if (kind === "anthropic") {
			expect(path).toBe("/v1/messages");
			expect(headers["x-api-key"]).toBe("<present>");
			expect(body.system).toEqual([{ type: "text", text: "Answer briefly." }]);
			expect(body.messages).toEqual([
				{ role: "user", content: [{ type: "text", text: "What is the capital of France?" }] },
			]);
			expect(body.tools).toEqual([
				expect.objectContaining({
					name: "get_weather",
					description: "Current weather of a city",
					input_schema: TOOLS[0]?.parameters,
				}),
			]);
		} else {
			expect(path).toBe("/v1/chat/completions");
			expect(headers.authorization).toBe("<present>");
			// OpenRouter's SDK sends content as parts, the OpenAI-compatible one as a string: both are the wire.
			const messages = body.messages as { role: string; content: unknown }[];
			expect(messages.map((message) => [message.role, plainText(message.content)])).toEqual([
				["system", "Answer briefly."],
				["user", "What is the capital of France?"],
			]);
			expect(body.tools).toEqual([
				{
					type: "function",
					function: { name: "get_weather", description: "Current weather of a city", parameters: TOOLS[0]?.parameters },
				},
			]);
			expect(body.stream_options).toEqual({ include_usage: true });
		}
		if (kind === "openrouter") expect(body.usage).toEqual({ include: true });
	});

	it("streams: time to first token is real, after the request and before the end", async () => {
		const provider = createProvider(scriptedEntry(kind, "scripted/fast", server.url), { env: ENV });
		const completion = await provider.complete(QUESTION, { signal: signal() });
		returned.push(completion);
		const { ttft_ms, latency_ms, generation_ms } = completion.timing;
		// The script waits 100 ms before the first token and answers in 300 ms.
		expect(ttft_ms).toBeGreaterThanOrEqual(90);
		expect(ttft_ms).toBeLessThan(latency_ms);
		expect(latency_ms).toBeGreaterThanOrEqual(280);
		// Generation is the time from the first token to the end: real, and what ttft leaves of the
		// latency (a loaded machine delays the first chunk and shortens it, so no fixed floor).
		expect(generation_ms).toBeGreaterThan(0);
		expect((ttft_ms ?? 0) + (generation_ms ?? 0)).toBeLessThanOrEqual(latency_ms + 1);
		const telemetry = telemetryFrom([completion], latency_ms, null);
		expect(telemetry.tokens_per_sec).toBeGreaterThan(0);
		expect(telemetry.tokens_per_sec).toBeLessThan(10 / 0.1);
	});

	it("returns the model's tool calls with their arguments", async () => {
		const provider = createProvider(scriptedEntry(kind, "scripted/fast", server.url), { env: ENV });
		const completion = await provider.complete(
			{ messages: [{ role: "user", content: "What is the weather in Paris?" }], tools: TOOLS },
			{ signal: signal() },
		);
		returned.push(completion);
		expect(completion.finish_reason).toBe("tool-calls");
		expect(completion.tool_calls).toHaveLength(1);
		expect(completion.tool_calls[0]).toMatchObject({ name: "get_weather", arguments: { city: "Paris" } });
		expect(completion.tool_calls[0]?.arguments_error).toBeUndefined();
		expect(completion.tool_calls[0]?.id).not.toBe("");
	});

	it("reports input, output and cached tokens", async () => {
		const provider = createProvider(scriptedEntry(kind, "scripted/fast", server.url), { env: ENV });
		const completion = await provider.complete(QUESTION, { signal: signal() });
		returned.push(completion);
		expect(completion.usage).toEqual({ input_tokens: 40, output_tokens: 10, cache_tokens: 8 });
	});

	it("prices an unbilled call from the entry's price table, and leaves it unknown without one", async () => {
		const price = { input: 2, output: 10, cache_read: 0.5 };
		const priced = scriptedEntry(kind, "scripted/unpriced", server.url, { price });
		const completion = await createProvider(priced, { env: ENV }).complete(QUESTION, { signal: signal() });
		returned.push(completion);
		expect(completion.billed_cost_usd).toBeNull();
		// 32 uncached input tokens at $2/M, 8 cached at $0.50/M, 10 output at $10/M.
		expect(costOf(completion, price)).toBeCloseTo((32 * 2 + 8 * 0.5 + 10 * 10) / 1e6, 12);
		expect(telemetryFrom([completion], 1, null).cost_usd).toBeNull();
	});
});

describe("billed cost over real HTTP", () => {
	it.each(["openai-compatible", "openrouter"] as const)(
		"%s reads the cost the server billed (usage.cost)",
		async (kind) => {
			const entry = scriptedEntry(kind, "scripted/fast", server.url, {
				price: { input: 1000, output: 1000, cache_read: null },
			});
			const completion = await createProvider(entry, { env: ENV }).complete(QUESTION, { signal: signal() });
			returned.push(completion);
			expect(completion.billed_cost_usd).toBe(0.0125);
			// The billed cost wins over the price table.
			expect(telemetryFrom([completion], 1, entry.price).cost_usd).toBe(0.0125);
		},
	);

	it("anthropic reports no billed cost, so the price table or nothing decides", async () => {
		const completion = await createProvider(scriptedEntry("anthropic", "scripted/fast", server.url), {
			env: ENV,
		}).complete(QUESTION, { signal: signal() });
		returned.push(completion);
		expect(completion.billed_cost_usd).toBeNull();
	});
});

describe("secrets", () => {
	it("never returns the API key, and the server saw it only as a header", () => {
		expect(returned.length).toBeGreaterThanOrEqual(10);
		for (const value of returned) expect(everythingIn(value)).not.toContain(API_KEY);
		for (const request of server.requests()) expect(JSON.stringify(request)).not.toContain(API_KEY);
	});
});
