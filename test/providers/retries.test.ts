import { type AddressInfo, createServer as createTcpServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Completion, type JsonObject, ProviderError } from "../../src/contract/index.js";
import { createModelProvider, createProviderLimiter } from "../../src/providers/index.js";
import { createSingleShotRunner } from "../../src/runners/index.js";
import { type ScriptedServer, startScriptedServer } from "../../src/scripted-server/index.js";
import { API_KEY, ENV, everythingIn, SCRIPT, scriptedEntry } from "./fixtures.js";

let server: ScriptedServer;
const seen: unknown[] = [];

beforeAll(async () => {
	server = await startScriptedServer({ script: SCRIPT });
});
afterAll(async () => {
	await server.close();
});
beforeEach(() => server.resetStats());

const REQUEST = { messages: [{ role: "user" as const, content: "What is the capital of France?" }] };
// Short backoff, so a test measures Retry-After and not the jitter.
const RETRY = { baseDelayMs: 10, maxDelayMs: 40 };

function provider(model: string, options: JsonObject, kind: "openai-compatible" | "anthropic" = "openai-compatible") {
	return createModelProvider(scriptedEntry(kind, model, server.url, { options }), { env: ENV, retry: RETRY });
}

async function call(model: string, options: JsonObject, kind: "openai-compatible" | "anthropic" = "openai-compatible") {
	const started = performance.now();
	const outcome = await provider(model, options, kind)
		.complete(REQUEST, { signal: new AbortController().signal })
		.then(
			(completion: Completion) => completion,
			(error: unknown) => error,
		);
	seen.push(outcome);
	return { outcome, elapsed: performance.now() - started, requests: server.stats().models[model]?.requests ?? 0 };
}

describe("the retry layer against scripted faults", () => {
	it("retries a 429, waiting as long as Retry-After asks, and gives up after max_retries", async () => {
		const { outcome, elapsed, requests } = await call("scripted/limited", { max_retries: 2 });
		expect(outcome).toBeInstanceOf(ProviderError);
		expect(outcome).toMatchObject({ kind: "rate-limit", status: 429, retries: 2, retry_after_ms: 300 });
		expect(requests).toBe(3);
		// Two waits of the 0.3 s the server asked for.
		expect(elapsed).toBeGreaterThanOrEqual(590);
	});

	it.each(["openai-compatible", "anthropic"] as const)(
		"%s: a rate-limited model answers after its retries, each retry after Retry-After",
		async (kind) => {
			let retried = 0;
			for (let attempt = 0; attempt < 8 && retried === 0; attempt += 1) {
				server.resetStats();
				const { outcome, elapsed, requests } = await call("scripted/flaky-limited", { max_retries: 10 }, kind);
				expect(outcome).toMatchObject({ text: "eventually" });
				retried = (outcome as Completion).retries;
				expect(requests).toBe(retried + 1);
				expect(server.stats().models["scripted/flaky-limited"]?.outcomes.rate_limit).toBe(retried);
				expect(elapsed).toBeGreaterThanOrEqual(retried * 250 - 5);
			}
			expect(retried).toBeGreaterThan(0);
		},
	);

	it("retries a 500 and gives up after max_retries", async () => {
		const { outcome, requests } = await call("scripted/broken", { max_retries: 2 });
		expect(outcome).toMatchObject({ kind: "server", status: 500, retries: 2, retryable: true });
		expect(requests).toBe(3);
	});

	it("answers through intermittent 500s", async () => {
		let retried = 0;
		for (let attempt = 0; attempt < 8 && retried === 0; attempt += 1) {
			server.resetStats();
			const { outcome, requests } = await call("scripted/flaky-broken", { max_retries: 10 });
			expect(outcome).toMatchObject({ text: "eventually" });
			retried = (outcome as Completion).retries;
			expect(requests).toBe(retried + 1);
		}
		expect(retried).toBeGreaterThan(0);
	});

	it("abandons a hung call at timeout_s, retries it, and fails as a timeout", async () => {
		const { outcome, elapsed, requests } = await call("scripted/hang", { max_retries: 1, timeout_s: 0.3 });
		expect(outcome).toMatchObject({ kind: "timeout", retries: 1 });
		expect(requests).toBe(2);
		expect(elapsed).toBeGreaterThanOrEqual(590);
		expect(elapsed).toBeLessThan(3000);
	});

	it("makes exactly one request when max_retries is 0", async () => {
		const { outcome, elapsed, requests } = await call("scripted/limited", { max_retries: 0 });
		expect(outcome).toMatchObject({ kind: "rate-limit", retries: 0 });
		expect(requests).toBe(1);
		expect(elapsed).toBeLessThan(290);
	});

	it("retries a stream cut mid-way as a network error", async () => {
		const { outcome, requests } = await call("scripted/cut", { max_retries: 1 });
		expect(outcome).toMatchObject({ kind: "network", retries: 1, retryable: true });
		expect(requests).toBe(2);
	});

	it("retries a garbled stream as a malformed reply", async () => {
		const { outcome, requests } = await call("scripted/garbled", { max_retries: 1 });
		expect(outcome).toMatchObject({ kind: "malformed", retries: 1, retryable: true });
		expect(requests).toBe(2);
	});

	it("does not retry a request the server refuses (404: an unknown model)", async () => {
		const { outcome } = await call("scripted/no-such-model", { max_retries: 3 });
		expect(outcome).toMatchObject({ kind: "bad-request", status: 404, retries: 0, retryable: false });
		const asked = server.requests("scripted/no-such-model");
		expect(asked).toHaveLength(1);
	});
});

describe("the single-shot runner over real HTTP", () => {
	const limiter = createProviderLimiter();
	const runner = createSingleShotRunner({
		providerFor: (entry) => createModelProvider(entry, { env: ENV, limiter, retry: RETRY }),
	});
	const runCase = (model: string, input: JsonObject, options: JsonObject = {}, price = null) =>
		runner.run(
			{
				case: {
					id: "capital",
					version: "1",
					use_case_id: "geo",
					kind: "floor",
					input,
					reference: null,
					threshold: 1,
					metadata: {},
					inputHash: () => "hash",
				},
				model: scriptedEntry("openai-compatible", model, server.url, { options, price }),
				sample_index: 0,
				harness: {},
			},
			{ signal: new AbortController().signal },
		);

	it("returns a completed attempt with measured telemetry and provenance", async () => {
		const attempt = await runCase("scripted/fast", {
			prompt: "What is the capital of France?",
			system_prompt: "Be brief.",
		});
		seen.push(attempt);
		expect(attempt.status).toBe("completed");
		expect(attempt.final).toBe("Paris is the capital of France, and it has been for a long time.");
		expect(attempt.trace).toEqual([]);
		expect(attempt.telemetry).toMatchObject({
			cost_usd: 0.0125,
			input_tokens: 40,
			output_tokens: 10,
			cache_tokens: 8,
			turns: 1,
		});
		expect(attempt.telemetry.ttft_ms).toBeGreaterThanOrEqual(90);
		expect(attempt.telemetry.latency_ms).toBeGreaterThanOrEqual(attempt.telemetry.ttft_ms ?? 0);
		const host = new URL(server.url).host;
		expect(attempt.runner_provenance).toEqual({
			runner: "single-shot",
			runner_version: "1",
			details: { provider: "openai-compatible", model: "scripted/fast", endpoint: `http://${host}`, retries: 0 },
		});
		expect(attempt.raw).toMatchObject({ response_model: "scripted/fast", finish_reason: "stop" });
	});

	it("records an outage as a harness_error and a hung model as a timeout", async () => {
		const outage = await runCase("scripted/broken", { prompt: "x" }, { max_retries: 1 });
		seen.push(outage);
		expect(outage.status).toBe("harness_error");
		expect(outage.error).toMatch(/^server after 1 retry: openai-compatible:scripted\/broken: HTTP 500/);
		expect(outage.runner_provenance.details.retries).toBe(1);

		const hung = await runCase("scripted/hang", { prompt: "x" }, { max_retries: 0, timeout_s: 0.2 });
		seen.push(hung);
		expect(hung.status).toBe("timeout");
		expect(hung.error).toContain("no complete reply within 0.2 s");
	});
});

describe("secrets under faults", () => {
	it("never puts the API key in a completion, an error or an attempt", () => {
		expect(seen.length).toBeGreaterThan(8);
		for (const value of seen) expect(everythingIn(value)).not.toContain(API_KEY);
	});

	it("counts a reply that is not HTTP at all as malformed and retries it", async () => {
		let connections = 0;
		const garbage = createTcpServer((socket) => {
			connections += 1;
			socket.once("data", () => socket.end("SSH-2.0-not-a-model-server\r\n\r\n"));
		});
		await new Promise<void>((resolve) => garbage.listen(0, "127.0.0.1", resolve));
		try {
			const { port } = garbage.address() as AddressInfo;
			const entry = scriptedEntry("openai-compatible", "scripted/echo", `http://127.0.0.1:${port}`, {
				options: { max_retries: 1 },
			});
			const outcome = await createModelProvider(entry, { env: ENV, retry: RETRY })
				.complete(REQUEST, { signal: new AbortController().signal })
				.catch((error: unknown) => error);
			expect(outcome).toMatchObject({ kind: "malformed", retryable: true, retries: 1 });
			expect((outcome as Error).message).toMatch(/malformed HTTP response/);
			expect(connections).toBe(2);
		} finally {
			garbage.close();
		}
	});
});
