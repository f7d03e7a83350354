import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordedRequest } from "./request-log.js";
import { type ScriptedServer, startScriptedServer } from "./scripted-server.js";
import type { ServerStats } from "./server-stats.js";
import { type ErrorBody, postJson, readJson } from "./testing.js";

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer({
		script: {
			models: {
				"scripted/a": { rules: [{ when: { user: "hi" }, reply: "hello" }] },
				"scripted/b": { rules: [{ reply: "b" }] },
				"*": { rules: [{ reply: "fallback" }] },
			},
		},
	});
});
afterAll(() => server.close());

const chat = (model: string, content: string, headers: Record<string, string> = {}) =>
	postJson(`${server.url}/v1/chat/completions`, { model, messages: [{ role: "user", content }] }, { headers });

describe("startScriptedServer", () => {
	it("listens on a free loopback port and gives its URL without a trailing slash", () => {
		expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
	});

	it("lists the scripted models, not the fallback, as a stand-in", async () => {
		const response = await fetch(`${server.url}/v1/models`);
		expect(response.headers.get("x-touchstone-scripted")).toBe("1");
		const body = await readJson<{ object: string; data: { id: string; object: string; owned_by: string }[] }>(response);
		expect(body.object).toBe("list");
		expect(body.data.map((model) => model.id)).toEqual(["scripted/a", "scripted/b"]);
		expect(body.data[0]).toMatchObject({ object: "model", owned_by: "touchstone-scripted-stand-in" });
	});

	it("answers anything else with a 404 JSON error that still says it is the stand-in", async () => {
		const response = await fetch(`${server.url}/v1/embeddings`, { method: "POST", body: "{}" });
		expect(response.status).toBe(404);
		expect(response.headers.get("x-touchstone-scripted")).toBe("1");
		expect((await readJson<ErrorBody>(response)).error.message).toContain("POST /v1/embeddings");
		expect((await fetch(`${server.url}/v1/chat/completions`)).status).toBe(404);
	});

	it("refuses a body over 10 MB with 413", async () => {
		const huge = "x".repeat(10 * 1024 * 1024 + 1);
		const response = await fetch(`${server.url}/v1/chat/completions`, { method: "POST", body: huge });
		expect(response.status).toBe(413);
		expect((await readJson<ErrorBody>(response)).error.message).toContain("10 MB");
	});

	it("counts requests per model id and outcome, and resets the counts", async () => {
		server.resetStats();
		await (await chat("scripted/a", "hi")).arrayBuffer();
		await (await chat("scripted/a", "bye")).arrayBuffer();
		await (await chat("vendor/other", "x")).arrayBuffer();
		const stats = await readJson<ServerStats>(await fetch(`${server.url}/stats`));
		expect(stats).toEqual(server.stats());
		expect(stats.total).toBe(3);
		expect(stats.models["scripted/a"]).toEqual({
			requests: 2,
			outcomes: { ok: 1, rate_limit: 0, server_error: 0, hang: 0, cut_stream: 0, malformed: 0, no_rule: 1 },
		});
		expect(stats.models["scripted/b"]?.requests).toBe(0);
		expect(stats.models["vendor/other"]?.outcomes.ok).toBe(1);
		// The two answered replies are timed; the request no rule matched is not.
		expect(stats.lateness.replies).toBe(2);
		server.resetStats();
		expect(server.stats().total).toBe(0);
		expect(server.stats().lateness).toEqual({ replies: 0, mean_ms: null, max_ms: null });
		expect(server.requests()).toEqual([]);
	});

	it("records requests with their auth headers redacted, filtered by model and limited", async () => {
		server.resetStats();
		await (await chat("scripted/a", "hi", { authorization: "Bearer sk-secret", "x-custom": "kept" })).arrayBuffer();
		await (await chat("scripted/b", "one", { "x-api-key": "sk-ant-secret" })).arrayBuffer();
		await (await chat("scripted/b", "two")).arrayBuffer();
		const recorded = server.requests("scripted/a")[0];
		expect(recorded).toMatchObject({ path: "/v1/chat/completions", model: "scripted/a" });
		expect(recorded?.headers.authorization).toBe("<present>");
		expect(recorded?.headers["x-custom"]).toBe("kept");
		expect(recorded?.body).toMatchObject({ messages: [{ role: "user", content: "hi" }] });

		const response = await fetch(`${server.url}/requests?model=scripted/b&limit=1`);
		const { requests } = await readJson<{ requests: RecordedRequest[] }>(response);
		expect(requests).toHaveLength(1);
		expect(requests[0]?.body).toMatchObject({ messages: [{ content: "two" }] });
		expect(JSON.stringify(await (await fetch(`${server.url}/requests`)).json())).not.toContain("sk-");
		expect((await fetch(`${server.url}/requests?limit=0`)).status).toBe(400);
	});

	it("keeps at most 1,000 requests", async () => {
		server.resetStats();
		await Promise.all(
			Array.from({ length: 1005 }, (_, index) =>
				chat("scripted/b", `n${index}`).then((response) => response.arrayBuffer()),
			),
		);
		expect(server.stats().total).toBe(1005);
		expect(server.requests()).toHaveLength(1000);
	});

	it("lets the process exit once closed, even with a hung and a slow request in flight", async () => {
		const entry = fileURLToPath(new URL("../../dist/src/scripted-server/index.js", import.meta.url));
		const program = `
			const { startScriptedServer } = await import(${JSON.stringify(entry)});
			const server = await startScriptedServer({ script: { models: {
				hung: { faults: { hang: 1 }, rules: [{ reply: "x" }] },
				slow: { latency_ms: 60000, rules: [{ reply: "x" }] },
			} } });
			const ask = (model) => fetch(server.url + "/v1/chat/completions", {
				method: "POST", body: JSON.stringify({ model, stream: model === "slow", messages: [{ role: "user", content: "x" }] }),
			}).then((r) => r.text()).catch(() => "ended");
			const answers = Promise.all([ask("hung"), ask("slow")]);
			while (server.stats().total < 2) await new Promise((resolve) => setTimeout(resolve, 10));
			await server.close();
			console.log(JSON.stringify(await answers));
		`;
		const started = performance.now();
		const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", program], {
			timeout: 20_000,
		});
		expect(JSON.parse(stdout)[0]).toBe("ended");
		expect(performance.now() - started).toBeLessThan(10_000);
	});

	it("times how late each reply answered whole went out after its scripted latency, not cut ones", async () => {
		const own = await startScriptedServer({
			script: {
				models: {
					slow: { latency_ms: 30, rules: [{ reply: "a reply in a few pieces, streamed" }] },
					cut: { latency_ms: 30, faults: { cut_stream: 1 }, rules: [{ reply: "never whole" }] },
				},
			},
		});
		try {
			const started = performance.now();
			const streamed = await postJson(`${own.url}/v1/chat/completions`, {
				model: "slow",
				stream: true,
				messages: [{ role: "user", content: "go" }],
			});
			await streamed.arrayBuffer();
			const plain = await postJson(`${own.url}/v1/chat/completions`, {
				model: "slow",
				messages: [{ role: "user", content: "go" }],
			});
			await plain.arrayBuffer();
			const elapsed = performance.now() - started;
			await postJson(`${own.url}/v1/chat/completions`, {
				model: "cut",
				stream: true,
				messages: [{ role: "user", content: "go" }],
			}).then((response) => response.arrayBuffer().catch(() => null));
			const { lateness } = own.stats();
			expect(lateness.replies).toBe(2);
			// Never early (the clock waits out its deadline), and no later than the two calls took beyond 2 × 30 ms.
			expect(lateness.mean_ms).toBeGreaterThanOrEqual(0);
			expect(lateness.max_ms).toBeGreaterThanOrEqual(lateness.mean_ms ?? 0);
			expect(lateness.max_ms).toBeLessThanOrEqual(elapsed - 60);
		} finally {
			await own.close();
		}
	});
});
