import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Completion, type ModelEntry, ProviderError } from "../contract/index.js";
import { createModelProvider } from "./model-provider.js";
import { telemetryFrom } from "./telemetry.js";

// End to end through the composed provider (retries included) against a node:http server that
// answers as proxies and small servers do: whole JSON replies to streamed requests, and error
// objects inside 200 streams and bodies.

const KEY = "sk-wire-test-5d1c9a7e3b";
const ENV = { WIRE_KEY: KEY };

interface Seen {
	readonly body: Record<string, unknown>;
	readonly accept: string | undefined;
}

let answer: (response: ServerResponse, seen: Seen) => void = (response) => response.end();
const seen: Seen[] = [];
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
	const chunks: Buffer[] = [];
	request.on("data", (chunk: Buffer) => chunks.push(chunk));
	request.on("end", () => {
		const entry = { body: JSON.parse(Buffer.concat(chunks).toString("utf8")), accept: request.headers.accept };
		seen.push(entry);
		answer(response, entry);
	});
});
let baseUrl = "";

beforeAll(async () => {
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
	server.closeAllConnections();
	server.close();
});
beforeEach(() => {
	seen.length = 0;
});

function entry(
	options: Record<string, unknown> = {},
	apiKeyEnv: string | null = "WIRE_KEY",
	provider = "openai-compatible",
): ModelEntry {
	return {
		id: "wire",
		provider,
		model: "small-model",
		display_name: "wire",
		role: "candidate",
		status: "active",
		tags: { family: null, weights: null, tier: null },
		price: null,
		base_url: baseUrl,
		api_key_env: apiKeyEnv,
		command: null,
		options: { max_retries: 2, ...options },
	};
}

async function call(model: ModelEntry): Promise<Completion | ProviderError> {
	const provider = createModelProvider(model, { env: ENV, retry: { baseDelayMs: 1, maxDelayMs: 2 } });
	return provider
		.complete(
			{
				messages: [{ role: "user", content: "weather in Paris?" }],
				tools: [{ name: "get_weather", description: "Weather", parameters: { type: "object" } }],
			},
			{ signal: new AbortController().signal },
		)
		.catch((error: unknown) => {
			if (error instanceof ProviderError) return error;
			throw error;
		});
}

const COMPLETION = {
	id: "chatcmpl-1",
	object: "chat.completion",
	model: "small-model-2025",
	choices: [
		{
			index: 0,
			message: {
				role: "assistant",
				content: "Checking.",
				tool_calls: [
					{ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } },
				],
			},
			finish_reason: "tool_calls",
		},
	],
	usage: {
		prompt_tokens: 31,
		completion_tokens: 9,
		total_tokens: 40,
		prompt_tokens_details: { cached_tokens: 6 },
		cost: 0.0004,
	},
};

function json(response: ServerResponse, body: unknown, status = 200): void {
	response.writeHead(status, { "content-type": "application/json" });
	response.end(JSON.stringify(body));
}

function streamThenError(response: ServerResponse, error: unknown): void {
	response.writeHead(200, { "content-type": "text/event-stream" });
	response.write(`data: ${JSON.stringify({ id: "c", choices: [{ index: 0, delta: { content: "Hel" } }] })}\n\n`);
	response.end(`data: ${JSON.stringify(error)}\n\n`);
}

describe("an endpoint that does not stream", () => {
	it("answers a streamed request with a whole JSON completion: read as that completion, with honest telemetry", async () => {
		answer = (response) => json(response, COMPLETION);
		const completion = await call(entry());
		expect(completion).not.toBeInstanceOf(ProviderError);
		const result = completion as Completion;
		expect(seen[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
		expect(result.text).toBe("Checking.");
		expect(result.tool_calls).toEqual([{ id: "call_1", name: "get_weather", arguments: { city: "Paris" } }]);
		expect(result.finish_reason).toBe("tool-calls");
		expect(result.usage).toEqual({ input_tokens: 31, output_tokens: 9, cache_tokens: 6 });
		expect(result.billed_cost_usd).toBe(0.0004);
		expect(result.retries).toBe(0);
		// Nothing was streamed: no time to first token, not the latency passed off as one.
		expect(result.timing.ttft_ms).toBeNull();
		expect(result.timing.generation_ms).toBeNull();
		expect(result.timing.latency_ms).toBeGreaterThan(0);
		expect(result.raw).toMatchObject({
			response_id: "chatcmpl-1",
			response_model: "small-model-2025",
			streamed: false,
		});
		const telemetry = telemetryFrom([result], 50, { input: 1, output: 2, cache_read: null });
		expect(telemetry).toMatchObject({
			ttft_ms: null,
			tokens_per_sec: null,
			input_tokens: 31,
			output_tokens: 9,
			cost_usd: 0.0004,
		});
	});

	it("sends non-streamed requests with options.stream: false", async () => {
		answer = (response) =>
			json(response, {
				...COMPLETION,
				// Some servers give the arguments as an object, and the content as parts.
				choices: [
					{
						message: {
							content: [
								{ type: "text", text: "It is " },
								{ type: "text", text: "sunny." },
							],
							tool_calls: [{ id: "call_2", function: { name: "get_weather", arguments: { city: "Lyon" } } }],
						},
						finish_reason: "stop",
					},
				],
				usage: { prompt_tokens: 5, completion_tokens: 3 },
			});
		const result = (await call(entry({ stream: false }))) as Completion;
		expect(seen[0]?.body.stream).toBeUndefined();
		expect(seen[0]?.body.stream_options).toBeUndefined();
		expect(seen[0]?.accept).toBe("application/json");
		expect(result.text).toBe("It is sunny.");
		expect(result.tool_calls).toEqual([{ id: "call_2", name: "get_weather", arguments: { city: "Lyon" } }]);
		expect(result.usage).toEqual({ input_tokens: 5, output_tokens: 3, cache_tokens: null });
		expect(result.billed_cost_usd).toBeNull();
		expect(result.timing.ttft_ms).toBeNull();
	});

	it("reads a whole reply that arrives in pieces, and calls an empty one malformed", async () => {
		const text = `\n  ${JSON.stringify(COMPLETION)}`;
		answer = (response) => {
			// No content-type, chunked, the first piece only white space: the reply decides how it is read.
			response.write(text.slice(0, 3));
			setTimeout(() => response.write(text.slice(3, 40)), 5);
			setTimeout(() => response.end(text.slice(40)), 10);
		};
		expect(await call(entry({ stream: false }))).toMatchObject({ text: "Checking.", finish_reason: "tool-calls" });
		answer = (response) => response.end();
		expect(await call(entry({ max_retries: 0 }))).toMatchObject({ kind: "malformed", message: /the reply was empty/ });
	});

	it("treats a JSON reply that is no completion as a retryable malformed reply", async () => {
		answer = (response) => json(response, { id: "x", choices: [] });
		const error = await call(entry());
		expect(error).toMatchObject({ kind: "malformed", retryable: true, retries: 2 });
		expect((error as Error).message).toContain("choices[0].message");
		expect(seen).toHaveLength(3);
	});
});

describe("an error object inside a 200 stream or body", () => {
	it("a 401 in the stream is an auth error, not retried, naming the key's variable and never the key", async () => {
		answer = (response) =>
			streamThenError(response, {
				error: {
					message: `Incorrect API key provided: ${KEY}`,
					type: "invalid_request_error",
					code: "invalid_api_key",
				},
			});
		const error = await call(entry());
		expect(error).toMatchObject({ kind: "auth", retryable: false, retries: 0 });
		expect(seen).toHaveLength(1);
		const message = (error as Error).message;
		expect(message).toContain("error in the stream (invalid_request_error, invalid_api_key)");
		expect(message).toContain("environment variable WIRE_KEY");
		expect(message).not.toContain(KEY);
	});

	it("a request error in the stream is not retried and says which field", async () => {
		answer = (response) =>
			streamThenError(response, {
				error: {
					message: "Unrecognized request argument supplied: stream_options",
					type: "invalid_request_error",
					param: "stream_options",
					code: 400,
				},
			});
		const error = await call(entry());
		expect(error).toMatchObject({ kind: "bad-request", retryable: false, retries: 0, status: 400 });
		expect(seen).toHaveLength(1);
		expect((error as Error).message).toContain("field `stream_options`");
		expect((error as Error).message).toContain("options.stream: false");
	});

	it("a rate limit or an unnamed error in the stream is retried, up to max_retries", async () => {
		for (const [error, kind] of [
			[{ error: { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" } }, "rate-limit"],
			[{ error: { message: "upstream failed", status: 500 } }, "server"],
			[{ error: { message: "something broke" } }, "server"],
		] as const) {
			seen.length = 0;
			answer = (response) => streamThenError(response, error);
			expect(await call(entry()), JSON.stringify(error)).toMatchObject({ kind, retryable: true, retries: 2 });
			expect(seen).toHaveLength(3);
		}
	});

	it("a 200 JSON body that is an error object is classified like the status it names", async () => {
		answer = (response) =>
			json(response, { error: { message: "Invalid API key", type: "authentication_error", code: 401 } });
		const error = await call(entry({}, null));
		expect(error).toMatchObject({ kind: "auth", retryable: false, retries: 0, status: 401 });
		expect(seen).toHaveLength(1);
		expect((error as Error).message).toContain("error in the reply (401, authentication_error): Invalid API key");
		expect((error as Error).message).toContain("names no `api_key_env`");
	});

	it("a non-2xx JSON error body says which key or field, and keeps the status's kind", async () => {
		answer = (response) => json(response, { error: { message: "bad key", type: "authentication_error" } }, 401);
		const auth = await call(entry());
		expect(auth).toMatchObject({ kind: "auth", status: 401, retries: 0 });
		expect((auth as Error).message).toMatch(/HTTP 401 \(authentication_error\): bad key; .*WIRE_KEY/);
		answer = (response) => {
			response.writeHead(403, { "content-type": "text/plain" });
			response.end("Forbidden");
		};
		expect(((await call(entry())) as Error).message).toMatch(/HTTP 403: Forbidden; .*WIRE_KEY/);
		answer = (response) =>
			json(
				response,
				{ detail: [{ loc: ["body", "messages", 0, "content"], msg: "field required", type: "missing" }] },
				422,
			);
		const field = await call(entry());
		expect(field).toMatchObject({ kind: "bad-request", status: 422, retries: 0 });
		expect((field as Error).message).toContain("field `messages.0.content`");
	});
});

describe("an error event in an AI SDK provider's stream", () => {
	const anthropicStream = (error: unknown) => (response: ServerResponse) => {
		response.writeHead(200, { "content-type": "text/event-stream" });
		const start = {
			type: "message_start",
			message: {
				id: "msg_1",
				type: "message",
				role: "assistant",
				model: "claude-x",
				content: [],
				usage: { input_tokens: 5, output_tokens: 0 },
			},
		};
		response.write(`event: message_start\ndata: ${JSON.stringify(start)}\n\n`);
		response.end(`event: error\ndata: ${JSON.stringify({ type: "error", error })}\n\n`);
	};

	it("is classified by its type as well: a refused key is not retried, an overload is", async () => {
		answer = anthropicStream({ type: "authentication_error", message: "invalid x-api-key" });
		const auth = await call(entry({}, "WIRE_KEY", "anthropic"));
		expect(auth).toMatchObject({ kind: "auth", retryable: false, retries: 0 });
		expect((auth as Error).message).toContain("error in the stream (authentication_error): invalid x-api-key");
		expect((auth as Error).message).toContain("environment variable WIRE_KEY");
		expect(seen).toHaveLength(1);

		seen.length = 0;
		answer = anthropicStream({ type: "overloaded_error", message: "Overloaded" });
		expect(await call(entry({}, "WIRE_KEY", "anthropic"))).toMatchObject({
			kind: "server",
			retryable: true,
			retries: 2,
		});
		expect(seen).toHaveLength(3);
	});
});
