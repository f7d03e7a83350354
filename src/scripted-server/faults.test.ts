import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScriptInput } from "./script-schema.js";
import { type ScriptedServer, startScriptedServer } from "./scripted-server.js";
import { type ErrorBody, type ParsedEvent, postJson, readEvents, readJson } from "./testing.js";

const reply = [{ reply: "The quick brown fox jumps over the lazy dog, again and again." }];
const always = (fault: string, extra: Record<string, unknown> = {}) => ({
	faults: { [fault]: 1, ...extra },
	rules: reply,
});

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer({
		script: {
			models: {
				limited: always("rate_limit", { retry_after_s: 2.5 }),
				broken: always("server_error"),
				hung: always("hang"),
				cut: always("cut_stream"),
				garbled: always("malformed"),
			},
		},
	});
});
afterAll(() => server.close());

const messages = [{ role: "user", content: "go" }];
const chat = (model: string, extra: Record<string, unknown> = {}, init: RequestInit = {}) =>
	postJson(`${server.url}/v1/chat/completions`, { model, messages, ...extra }, init);
const anthropic = (model: string, extra: Record<string, unknown> = {}) =>
	postJson(`${server.url}/v1/messages`, { model, messages, max_tokens: 50, ...extra });
const isContent = (event: ParsedEvent): boolean => event.data.includes("content");

describe("faults at rate 1", () => {
	it("rate_limit answers 429 with Retry-After and an OpenAI-style error", async () => {
		const response = await chat("limited");
		expect(response.status).toBe(429);
		expect(response.headers.get("retry-after")).toBe("3");
		expect(response.headers.get("retry-after-ms")).toBe("2500");
		expect((await readJson<ErrorBody>(response)).error).toMatchObject({
			type: "requests",
			code: "rate_limit_exceeded",
		});
		const viaAnthropic = await anthropic("limited", { stream: true });
		expect(viaAnthropic.status).toBe(429);
		expect((await readJson<ErrorBody>(viaAnthropic)).error.type).toBe("rate_limit_error");
	});

	it("server_error answers 500", async () => {
		const response = await chat("broken", { stream: true });
		expect(response.status).toBe(500);
		expect((await readJson<ErrorBody>(response)).error.type).toBe("server_error");
	});

	it("hang never answers until the client's AbortSignal gives up", async () => {
		const started = performance.now();
		await expect(chat("hung", {}, { signal: AbortSignal.timeout(300) })).rejects.toThrow(/abort|timeout/i);
		expect(performance.now() - started).toBeGreaterThanOrEqual(250);
		expect(server.stats().models.hung?.outcomes.hang).toBeGreaterThanOrEqual(1);
	});

	it("cut_stream sends some chunks, then drops the connection without [DONE]", async () => {
		const response = await chat("cut", { stream: true });
		expect(response.status).toBe(200);
		const { events, error } = await readEvents(response, isContent);
		expect(error).not.toBeNull();
		expect(events.length).toBeGreaterThanOrEqual(1);
		expect(events.some((event) => event.data === "[DONE]")).toBe(false);
		expect(events.map((event) => JSON.parse(event.data).choices[0]?.finish_reason)).not.toContain("stop");

		const viaAnthropic = await readEvents(await anthropic("cut", { stream: true }), isContent);
		expect(viaAnthropic.error).not.toBeNull();
		expect(viaAnthropic.events.map((event) => event.event)).not.toContain("message_stop");
	});

	it("cut_stream without streaming drops the connection mid-body", async () => {
		const response = await chat("cut");
		expect(response.status).toBe(200);
		await expect(response.text()).rejects.toThrow();
	});

	it("malformed answers 200 with a body JSON.parse refuses, or a garbage data: line", async () => {
		const response = await chat("garbled");
		expect(response.status).toBe(200);
		const text = await response.text();
		expect(text.length).toBeGreaterThan(10);
		expect(() => JSON.parse(text)).toThrow();

		const { events, error } = await readEvents(await chat("garbled", { stream: true }), isContent);
		expect(error).toBeNull();
		const unparsable = events.filter((event) => {
			try {
				JSON.parse(event.data);
				return false;
			} catch {
				return event.data !== "[DONE]";
			}
		});
		expect(unparsable).toHaveLength(1);
		expect(unparsable[0]?.data).toMatch(/^\{"id"/);
	});

	it("counts every outcome in the stats", () => {
		const models = server.stats().models;
		expect(models.limited?.outcomes.rate_limit).toBe(2);
		expect(models.broken?.outcomes.server_error).toBe(1);
		expect(models.cut?.outcomes.cut_stream).toBe(3);
		expect(models.garbled?.outcomes.malformed).toBe(2);
		expect(models.garbled?.outcomes.ok).toBe(0);
	});
});

describe("close()", () => {
	it("ends hung connections and frees the port", async () => {
		const own = await startScriptedServer({ script: { models: { hung: always("hang") } } });
		const pending = postJson(`${own.url}/v1/chat/completions`, { model: "hung", messages });
		const outcome = pending.then(
			() => "answered",
			() => "failed",
		);
		while (own.stats().total === 0) await new Promise((resolve) => setTimeout(resolve, 10));
		await own.close();
		expect(await outcome).toBe("failed");
		const port = Number(new URL(own.url).port);
		const again = await startScriptedServer({ script: { models: { m: { rules: reply } } }, port });
		expect(again.url).toBe(own.url);
		await again.close();
	});

	it("ends streams that are still waiting out their latency", async () => {
		// The first token comes at once, so the stream is open and waiting out its latency when the server closes.
		const own = await startScriptedServer({
			script: { models: { slow: { latency_ms: 60_000, ttft_ms: 10, rules: reply } } },
		});
		const response = await postJson(`${own.url}/v1/chat/completions`, { model: "slow", messages, stream: true });
		const reading = readEvents(response, isContent);
		const started = performance.now();
		await own.close();
		expect((await reading).error).not.toBeNull();
		expect(performance.now() - started).toBeLessThan(5_000);
	});
});

describe("seeded draws", () => {
	const flaky = (seed: number): ScriptInput => ({
		seed,
		models: { flaky: { faults: { rate_limit: 0.3, server_error: 0.3 }, rules: reply } },
	});

	async function statuses(script: ScriptInput): Promise<number[]> {
		const own = await startScriptedServer({ script });
		const seen: number[] = [];
		for (let index = 0; index < 40; index++) {
			const response = await postJson(`${own.url}/v1/chat/completions`, { model: "flaky", messages });
			await response.arrayBuffer();
			seen.push(response.status);
		}
		await own.close();
		return seen;
	}

	it("repeat the same fault sequence for the same seed, and another for another seed", async () => {
		const first = await statuses(flaky(42));
		expect(await statuses(flaky(42))).toEqual(first);
		expect(await statuses(flaky(7))).not.toEqual(first);
		expect(new Set(first)).toEqual(new Set([200, 429, 500]));
	});
});

describe("latency", () => {
	it("takes roughly the scripted range per request, and the time to first token when streaming", async () => {
		const own = await startScriptedServer({
			script: { models: { timed: { latency_ms: [150, 250], ttft_ms: 80, rules: reply } } },
		});
		const url = `${own.url}/v1/chat/completions`;
		const durations = await Promise.all(
			Array.from({ length: 6 }, async () => {
				const started = performance.now();
				await (await postJson(url, { model: "timed", messages })).json();
				return performance.now() - started;
			}),
		);
		for (const duration of durations) {
			expect(duration).toBeGreaterThanOrEqual(145);
			expect(duration).toBeLessThan(1_500);
		}
		const started = performance.now();
		// Time to first token counts from the request, as a client measures it (headers come with the first piece).
		const stream = await readEvents(
			await postJson(url, { model: "timed", messages, stream: true }),
			isContent,
			started,
		);
		const total = performance.now() - started;
		expect(stream.firstContentMs).toBeGreaterThanOrEqual(60);
		expect(stream.firstContentMs).toBeLessThan(total - 40);
		expect(total).toBeGreaterThanOrEqual(145);
		await own.close();
	});
});
