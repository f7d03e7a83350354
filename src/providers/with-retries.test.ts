import { describe, expect, it } from "vitest";
import { type Completion, type CompletionRequest, type Provider, ProviderError } from "../contract/index.js";
import { parseRetryAfter } from "./retry-after.js";
import { retryDelay, withRetries } from "./with-retries.js";

const REQUEST: CompletionRequest = { messages: [{ role: "user", content: "hi" }] };

function completion(text: string): Completion {
	return {
		text,
		tool_calls: [],
		finish_reason: "stop",
		usage: { input_tokens: 1, output_tokens: 1, cache_tokens: 0 },
		billed_cost_usd: null,
		timing: { latency_ms: 1, ttft_ms: 1, generation_ms: 0 },
		retries: 0,
		raw: null,
	};
}

/** A provider that fails with the given errors in turn, then answers; it records each call. */
function flakyProvider(failures: readonly ProviderError[]) {
	let calls = 0;
	const provider: Provider = {
		specificationVersion: "v1",
		id: "fake:model",
		endpoint: null,
		async complete() {
			calls += 1;
			const failure = failures[calls - 1];
			if (failure !== undefined) throw failure;
			return completion("ok");
		},
	};
	return { provider, calls: () => calls };
}

function recordingSleep() {
	const delays: number[] = [];
	return { delays, sleep: async (milliseconds: number) => void delays.push(milliseconds) };
}

const rateLimited = (retry_after_ms: number | null = null) =>
	new ProviderError("fake:model: HTTP 429", { kind: "rate-limit", status: 429, retryable: true, retry_after_ms });
const serverError = () => new ProviderError("fake:model: HTTP 500", { kind: "server", status: 500, retryable: true });

describe("retryDelay", () => {
	const options = { baseDelayMs: 100, maxDelayMs: 1000 };

	it("doubles the backoff ceiling each retry, up to the maximum", () => {
		const top = () => 0.999_999;
		const ceilings = [0, 1, 2, 3, 4, 5].map((retry) =>
			Math.round(retryDelay(retry, null, { ...options, random: top })),
		);
		expect(ceilings).toEqual([100, 200, 400, 800, 1000, 1000]);
	});

	it("draws the delay uniformly between 0 and the ceiling (full jitter)", () => {
		expect(retryDelay(2, null, { ...options, random: () => 0 })).toBe(0);
		expect(retryDelay(2, null, { ...options, random: () => 0.5 })).toBe(200);
		for (let draw = 0; draw < 200; draw += 1) {
			const delay = retryDelay(3, null, { ...options, random: Math.random });
			expect(delay).toBeGreaterThanOrEqual(0);
			expect(delay).toBeLessThan(800);
		}
	});

	it("waits at least as long as Retry-After asks, even when the jitter draws less", () => {
		expect(retryDelay(0, 2500, { ...options, random: () => 0 })).toBe(2500);
		expect(retryDelay(4, 50, { ...options, random: () => 0.9 })).toBe(900);
	});
});

describe("withRetries", () => {
	it("retries retryable errors with growing backoff, then returns the answer with the retries it took", async () => {
		const { provider, calls } = flakyProvider([serverError(), serverError(), serverError()]);
		const { delays, sleep } = recordingSleep();
		const retrying = withRetries(provider, {
			maxRetries: 3,
			baseDelayMs: 100,
			maxDelayMs: 10_000,
			sleep,
			random: () => 0.5,
		});
		const result = await retrying.complete(REQUEST, { signal: new AbortController().signal });
		expect(result.text).toBe("ok");
		expect(result.retries).toBe(3);
		expect(calls()).toBe(4);
		expect(delays).toEqual([50, 100, 200]);
	});

	it("honours Retry-After from a 429", async () => {
		const { provider } = flakyProvider([rateLimited(3000)]);
		const { delays, sleep } = recordingSleep();
		const retrying = withRetries(provider, { maxRetries: 3, baseDelayMs: 100, sleep, random: () => 0.5 });
		await retrying.complete(REQUEST, { signal: new AbortController().signal });
		expect(delays).toEqual([3000]);
	});

	it("gives up at once when Retry-After is longer than worth waiting", async () => {
		const { provider, calls } = flakyProvider([rateLimited(3_600_000)]);
		const { delays, sleep } = recordingSleep();
		const retrying = withRetries(provider, { maxRetries: 3, maxRetryAfterMs: 60_000, sleep });
		const error = await retrying.complete(REQUEST, { signal: new AbortController().signal }).catch((thrown) => thrown);
		expect(error).toBeInstanceOf(ProviderError);
		expect(error.retry_after_ms).toBe(3_600_000);
		expect(calls()).toBe(1);
		expect(delays).toEqual([]);
	});

	it.each([
		["bad request", 400, "bad-request"],
		["auth", 401, "auth"],
		["forbidden", 403, "auth"],
		["not found", 404, "bad-request"],
		["unprocessable", 422, "bad-request"],
	] as const)("does not retry a %s (%i)", async (_label, status, kind) => {
		const { provider, calls } = flakyProvider([
			new ProviderError(`HTTP ${status}`, { kind, status, retryable: false }),
		]);
		const { sleep, delays } = recordingSleep();
		const retrying = withRetries(provider, { maxRetries: 5, sleep });
		const error = await retrying.complete(REQUEST, { signal: new AbortController().signal }).catch((thrown) => thrown);
		expect(error).toMatchObject({ kind, status, retries: 0 });
		expect(calls()).toBe(1);
		expect(delays).toEqual([]);
	});

	it("makes exactly one call when max_retries is 0", async () => {
		const { provider, calls } = flakyProvider([serverError()]);
		const { sleep } = recordingSleep();
		const retrying = withRetries(provider, { maxRetries: 0, sleep });
		const error = await retrying.complete(REQUEST, { signal: new AbortController().signal }).catch((thrown) => thrown);
		expect(error).toMatchObject({ kind: "server", retries: 0 });
		expect(calls()).toBe(1);
	});

	it("throws the last error with the retries spent when they run out", async () => {
		const { provider, calls } = flakyProvider([serverError(), rateLimited(), serverError()]);
		const { sleep } = recordingSleep();
		const retrying = withRetries(provider, { maxRetries: 2, sleep, random: () => 0 });
		const error = await retrying.complete(REQUEST, { signal: new AbortController().signal }).catch((thrown) => thrown);
		expect(error).toMatchObject({ kind: "server", status: 500, retries: 2 });
		expect(calls()).toBe(3);
	});

	it("stops waiting and reports a cancellation when the signal aborts during backoff", async () => {
		const { provider, calls } = flakyProvider([serverError(), serverError()]);
		const controller = new AbortController();
		const retrying = withRetries(provider, { maxRetries: 3, baseDelayMs: 60_000, random: () => 0.99 });
		const pending = retrying.complete(REQUEST, { signal: controller.signal });
		setTimeout(() => controller.abort(), 20);
		const started = performance.now();
		const error = await pending.catch((thrown) => thrown);
		expect(performance.now() - started).toBeLessThan(5000);
		expect(error).toMatchObject({ kind: "aborted", retries: 0 });
		expect(calls()).toBe(1);
	});
});

describe("parseRetryAfter", () => {
	it("reads delay-seconds, HTTP dates and retry-after-ms", () => {
		expect(parseRetryAfter({ "retry-after": "2" })).toBe(2000);
		expect(parseRetryAfter({ "Retry-After": "1.5" })).toBe(1500);
		const now = Date.parse("2025-01-01T00:00:00Z");
		expect(parseRetryAfter({ "retry-after": "Wed, 01 Jan 2025 00:00:30 GMT" }, now)).toBe(30_000);
		expect(parseRetryAfter({ "retry-after": "Tue, 31 Dec 2024 23:00:00 GMT" }, now)).toBe(0);
		expect(parseRetryAfter({ "retry-after-ms": "250", "retry-after": "9" })).toBe(250);
	});

	it("ignores absent or unreadable values", () => {
		expect(parseRetryAfter(undefined)).toBeNull();
		expect(parseRetryAfter({})).toBeNull();
		expect(parseRetryAfter({ "retry-after": "soon" })).toBeNull();
	});
});
