import { describe, expect, it } from "vitest";
import { BadInputError, type ModelEntry, ProviderError } from "../contract/index.js";
import { anthropicBaseUrl, createProvider } from "./create-provider.js";

const KEY = "sk-test-9f8e7d6c5b4a39281706";

function entry(overrides: Partial<ModelEntry> = {}): ModelEntry {
	return {
		id: "m",
		provider: "openai-compatible",
		model: "gpt-test",
		display_name: "m",
		role: "candidate",
		status: "active",
		tags: { family: null, weights: null, tier: null },
		price: null,
		base_url: "http://models.test/v1",
		api_key_env: "TEST_KEY",
		command: null,
		options: {},
		...overrides,
	};
}

interface Captured {
	url: string;
	headers: Headers;
	body: Record<string, unknown>;
}

/** A fetch that records each request and answers with the given response factory. */
function fakeFetch(
	respond: (request: Captured, signal: AbortSignal | null | undefined) => Response | Promise<Response>,
) {
	const requests: Captured[] = [];
	const fetchImpl = async (input: string | URL | Request, init?: RequestInit) => {
		const captured = {
			url: String(input),
			headers: new Headers(init?.headers),
			body: JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>,
		};
		requests.push(captured);
		return respond(captured, init?.signal);
	};
	return { fetch: fetchImpl as typeof fetch, requests };
}

function sse(events: readonly unknown[], options: { done?: boolean; cutAfter?: number } = {}): Response {
	const encoder = new TextEncoder();
	const stream = new ReadableStream<Uint8Array>({
		start(controller) {
			events.forEach((event, index) => {
				if (options.cutAfter !== undefined && index >= options.cutAfter) return;
				controller.enqueue(encoder.encode(`data: ${typeof event === "string" ? event : JSON.stringify(event)}\n\n`));
			});
			if (options.cutAfter !== undefined)
				return controller.error(Object.assign(new TypeError("terminated"), { cause: { code: "UND_ERR_SOCKET" } }));
			if (options.done !== false) controller.enqueue(encoder.encode("data: [DONE]\n\n"));
			controller.close();
		},
	});
	return new Response(stream, { status: 200, headers: { "content-type": "text/event-stream" } });
}

function thrownBy(action: () => unknown): unknown {
	try {
		action();
	} catch (thrown) {
		return thrown;
	}
	return undefined;
}

const chunk = (delta: Record<string, unknown>, finish_reason: string | null = null) => ({
	id: "c1",
	model: "gpt-test",
	choices: [{ index: 0, delta, finish_reason }],
});
const USAGE = {
	id: "c1",
	choices: [],
	usage: { prompt_tokens: 12, completion_tokens: 3, prompt_tokens_details: { cached_tokens: 4 }, cost: 0.0021 },
};
const REQUEST = { messages: [{ role: "user" as const, content: "hello" }] };
const signal = () => new AbortController().signal;
const env = { TEST_KEY: KEY };

describe("createProvider configuration", () => {
	it("says which variable to export when the key is missing", () => {
		for (const provider of ["openai-compatible", "openrouter", "anthropic"]) {
			const error = thrownBy(() => createProvider(entry({ provider }), { env: {} }));
			expect(error).toBeInstanceOf(BadInputError);
			expect((error as Error).message).toContain("TEST_KEY is not set");
			expect((error as Error).message).toContain("export TEST_KEY=");
		}
	});

	it("lets an openai-compatible entry without api_key_env call without a key", async () => {
		const fake = fakeFetch(() => sse([chunk({ content: "hi" }, "stop"), USAGE]));
		const local = createProvider(entry({ api_key_env: null }), { env: {}, fetch: fake.fetch });
		await local.complete(REQUEST, { signal: signal() });
		expect(fake.requests[0]?.headers.get("authorization")).toBeNull();
	});

	it("requires a key variable for hosted providers", () => {
		expect(() => createProvider(entry({ provider: "anthropic", api_key_env: null }), { env })).toThrow(/api_key_env/);
	});

	it("expands variable references in base_url from the environment, and names a missing one", async () => {
		const fake = fakeFetch(() => sse([chunk({ content: "hi" }, "stop"), USAGE]));
		// biome-ignore lint/suspicious/noTemplateCurlyInString: the literal reference syntax under test
		const withReference = entry({ base_url: "${MODEL_HOST}/v1" });
		const expanded = createProvider(withReference, {
			env: { ...env, MODEL_HOST: "http://host.test:9000" },
			fetch: fake.fetch,
		});
		expect(expanded.endpoint).toBe("http://host.test:9000");
		await expanded.complete(REQUEST, { signal: signal() });
		expect(fake.requests[0]?.url).toBe("http://host.test:9000/v1/chat/completions");
		expect(() => createProvider(withReference, { env })).toThrow(/MODEL_HOST is not set/);
	});

	it("refuses an unknown provider kind", () => {
		expect(() => createProvider(entry({ provider: "telepathy" }), { env })).toThrow(/unknown provider `telepathy`/);
	});

	it("adds /v1 to an Anthropic base_url written as the bare host", () => {
		expect(anthropicBaseUrl("https://api.anthropic.com")).toBe("https://api.anthropic.com/v1");
		expect(anthropicBaseUrl("https://api.anthropic.com/")).toBe("https://api.anthropic.com/v1");
		expect(anthropicBaseUrl("http://127.0.0.1:9000/v1")).toBe("http://127.0.0.1:9000/v1");
	});
});

describe("openai-compatible over a fake fetch", () => {
	it("streams text, usage and the billed cost from usage.cost", async () => {
		const fake = fakeFetch(() =>
			sse([chunk({ role: "assistant", content: "Hel" }), chunk({ content: "lo" }), chunk({}, "stop"), USAGE]),
		);
		const provider = createProvider(entry(), { env, fetch: fake.fetch });
		const result = await provider.complete({ ...REQUEST, temperature: 0.2, max_tokens: 50 }, { signal: signal() });
		expect(result.text).toBe("Hello");
		expect(result.finish_reason).toBe("stop");
		expect(result.usage).toEqual({ input_tokens: 12, output_tokens: 3, cache_tokens: 4 });
		expect(result.billed_cost_usd).toBe(0.0021);
		const body = fake.requests[0]?.body;
		expect(body).toMatchObject({
			model: "gpt-test",
			stream: true,
			temperature: 0.2,
			max_tokens: 50,
			stream_options: { include_usage: true },
		});
		expect(fake.requests[0]?.headers.get("authorization")).toBe(`Bearer ${KEY}`);
		expect(JSON.stringify(result)).not.toContain(KEY);
	});

	it("returns tool calls, flagging arguments that are not valid JSON", async () => {
		const call = (index: number, id: string, name: string, args: string) =>
			chunk({ tool_calls: [{ index, id, type: "function", function: { name, arguments: args } }] });
		const fake = fakeFetch(() =>
			sse([
				call(0, "call_a", "read_file", '{"path":"a.txt"}'),
				call(1, "call_b", "write_file", '{"path": '),
				chunk({}, "tool_calls"),
				USAGE,
			]),
		);
		const provider = createProvider(entry(), { env, fetch: fake.fetch });
		const tools = [
			{
				name: "read_file",
				description: "Read a file",
				parameters: { type: "object", properties: { path: { type: "string" } } },
			},
			{ name: "write_file", description: "Write a file", parameters: { type: "object" } },
		];
		const result = await provider.complete({ ...REQUEST, tools }, { signal: signal() });
		expect(result.finish_reason).toBe("tool-calls");
		expect(result.tool_calls[0]).toEqual({ id: "call_a", name: "read_file", arguments: { path: "a.txt" } });
		expect(result.tool_calls[1]).toMatchObject({ id: "call_b", name: "write_file", arguments: {} });
		expect(result.tool_calls[1]?.arguments_error).toMatch(/not valid JSON/);
		expect(fake.requests[0]?.body.tools).toEqual([
			{
				type: "function",
				function: { name: "read_file", description: "Read a file", parameters: tools[0]?.parameters },
			},
			{
				type: "function",
				function: { name: "write_file", description: "Write a file", parameters: { type: "object" } },
			},
		]);
	});

	it("sends a multi-turn conversation with tool results back in the OpenAI shape", async () => {
		const fake = fakeFetch(() => sse([chunk({ content: "done" }, "stop"), USAGE]));
		const provider = createProvider(entry(), { env, fetch: fake.fetch });
		await provider.complete(
			{
				messages: [
					{ role: "system", content: "S" },
					{ role: "user", content: "U" },
					{ role: "assistant", content: "", tool_calls: [{ id: "call_1", name: "ls", arguments: { dir: "." } }] },
					{ role: "tool", tool_call_id: "call_1", content: "a.txt" },
				],
				tools: [{ name: "ls", description: "List", parameters: { type: "object" } }],
				response_format: "json",
			},
			{ signal: signal() },
		);
		const body = fake.requests[0]?.body as { messages: unknown[]; response_format: unknown };
		expect(body.messages).toEqual([
			{ role: "system", content: "S" },
			{ role: "user", content: "U" },
			{
				role: "assistant",
				content: null,
				tool_calls: [{ id: "call_1", type: "function", function: { name: "ls", arguments: '{"dir":"."}' } }],
			},
			{ role: "tool", tool_call_id: "call_1", content: "a.txt" },
		]);
		expect(body.response_format).toEqual({ type: "json_object" });
	});

	it("classifies HTTP failures and reads Retry-After, never echoing the key", async () => {
		const cases = [
			[429, { "retry-after": "7" }, { kind: "rate-limit", retryable: true, retry_after_ms: 7000 }],
			[503, {}, { kind: "server", retryable: true, retry_after_ms: null }],
			[401, {}, { kind: "auth", retryable: false }],
			[400, {}, { kind: "bad-request", retryable: false }],
			[404, {}, { kind: "bad-request", retryable: false }],
			[408, {}, { kind: "timeout", retryable: true }],
			[409, {}, { kind: "server", retryable: true }],
		] as const;
		for (const [status, headers, expected] of cases) {
			const fake = fakeFetch(
				() =>
					new Response(JSON.stringify({ error: { message: `bad key ${KEY}` } }), {
						status,
						headers: { "content-type": "application/json", ...headers },
					}),
			);
			const provider = createProvider(entry(), { env, fetch: fake.fetch });
			const error = await provider.complete(REQUEST, { signal: signal() }).catch((thrown) => thrown);
			expect(error).toBeInstanceOf(ProviderError);
			expect(error).toMatchObject({ ...expected, status });
			expect(error.message).toContain(`HTTP ${status}`);
			expect(error.message).not.toContain(KEY);
		}
	});

	it("treats a stream cut mid-way as a retryable network error", async () => {
		const fake = fakeFetch(() => sse([chunk({ content: "Hel" }), chunk({ content: "lo" })], { cutAfter: 1 }));
		const provider = createProvider(entry(), { env, fetch: fake.fetch });
		const error = await provider.complete(REQUEST, { signal: signal() }).catch((thrown) => thrown);
		expect(error).toMatchObject({ kind: "network", retryable: true });
	});

	it("treats an unparsable body or a stream without an ending as retryable malformed replies", async () => {
		for (const response of [() => sse(["{not json"]), () => sse([chunk({ content: "Hel" })], { done: false })]) {
			const provider = createProvider(entry(), { env, fetch: fakeFetch(response).fetch });
			const error = await provider.complete(REQUEST, { signal: signal() }).catch((thrown) => thrown);
			expect(error).toMatchObject({ kind: "malformed", retryable: true });
		}
	});

	it("abandons a hung call at its time limit as a retryable timeout, and a cancelled one as aborted", async () => {
		const hang = fakeFetch(
			(_request, abortSignal) =>
				new Promise<Response>((_resolve, reject) => {
					if (abortSignal?.aborted) reject(abortSignal.reason);
					abortSignal?.addEventListener("abort", () => reject(abortSignal.reason));
				}),
		);
		const provider = createProvider(entry(), { env, fetch: hang.fetch, timeoutMs: 200 });
		const started = performance.now();
		const timeout = await provider.complete(REQUEST, { signal: signal() }).catch((thrown) => thrown);
		expect(performance.now() - started).toBeGreaterThanOrEqual(190);
		expect(timeout).toMatchObject({ kind: "timeout", retryable: true });

		const controller = new AbortController();
		const slow = createProvider(entry(), { env, fetch: hang.fetch, timeoutMs: 10_000 });
		const pending = slow.complete(REQUEST, { signal: controller.signal });
		controller.abort();
		await expect(pending).rejects.toMatchObject({ kind: "aborted", retryable: false });
	});
});

describe("entry options", () => {
	it("reads timeout_s from the entry", async () => {
		const hang = fakeFetch(
			(_request, abortSignal) =>
				new Promise<Response>((_resolve, reject) => {
					if (abortSignal?.aborted) reject(abortSignal.reason);
					abortSignal?.addEventListener("abort", () => reject(abortSignal.reason));
				}),
		);
		const provider = createProvider(entry({ options: { timeout_s: 0.1 } }), { env, fetch: hang.fetch });
		await expect(provider.complete(REQUEST, { signal: signal() })).rejects.toMatchObject({ kind: "timeout" });
	});

	it("sends headers_env values as headers and keeps them out of errors", async () => {
		const fake = fakeFetch(
			(request) =>
				new Response(JSON.stringify({ error: { message: `echo ${request.headers.get("x-org")}` } }), {
					status: 400,
					headers: { "content-type": "application/json" },
				}),
		);
		const provider = createProvider(entry({ options: { headers_env: { "X-Org": "ORG_TOKEN" } } }), {
			env: { ...env, ORG_TOKEN: "org-secret-value-1234" },
			fetch: fake.fetch,
		});
		const error = await provider.complete(REQUEST, { signal: signal() }).catch((thrown) => thrown);
		expect(fake.requests[0]?.headers.get("x-org")).toBe("org-secret-value-1234");
		expect(error.message).toContain("echo <redacted>");
	});
});
