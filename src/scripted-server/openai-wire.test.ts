import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openaiWire } from "./openai-wire.js";
import { type ScriptedServer, startScriptedServer } from "./scripted-server.js";
import { type ChatCompletion, type ErrorBody, type ParsedEvent, postJson, readEvents, readJson } from "./testing.js";

interface Chunk {
	choices: { delta: { role?: string; content?: string; tool_calls?: ToolCallDelta[] }; finish_reason: string | null }[];
	usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number; cost?: number } | null;
}
interface ToolCallDelta {
	index: number;
	id?: string;
	function?: { name?: string; arguments?: string };
}

let server: ScriptedServer;
let endpoint = "";

beforeAll(async () => {
	server = await startScriptedServer({
		script: {
			models: {
				"scripted/strong": {
					usage: { cached_tokens: 3 },
					cost_usd: 0.00021,
					rules: [
						{ when: { user: "list the files" }, tool_calls: [{ name: "list_dir", arguments: { path: "." } }] },
						{ reply: "Paris is the capital of France, and it has been for centuries." },
					],
				},
				"scripted/timed": {
					latency_ms: 240,
					ttft_ms: 60,
					rules: [{ reply: "one two three four five six seven eight" }],
				},
				"scripted/plain": { usage: { prompt_tokens: 100, completion_tokens: 7 }, rules: [{ reply: "fine" }] },
			},
		},
	});
	endpoint = `${server.url}/v1/chat/completions`;
});
afterAll(() => server.close());

const question = [{ role: "user", content: "What is the capital of France?" }];
const isContent = (event: ParsedEvent): boolean => event.data.includes('"content"');

function chunksOf(events: readonly ParsedEvent[]): Chunk[] {
	return events.filter((event) => event.data !== "[DONE]").map((event) => JSON.parse(event.data) as Chunk);
}

describe("POST /v1/chat/completions", () => {
	it("answers with a chat.completion, usage counted from the text and the billed cost", async () => {
		const response = await postJson(endpoint, { model: "scripted/strong", messages: question });
		expect(response.status).toBe(200);
		expect(response.headers.get("x-touchstone-scripted")).toBe("1");
		const body = await readJson<ChatCompletion>(response);
		expect(body.object).toBe("chat.completion");
		expect(body.model).toBe("scripted/strong");
		expect(body.choices[0]?.message).toMatchObject({ role: "assistant", content: expect.stringMatching(/^Paris/) });
		expect(body.choices[0]?.finish_reason).toBe("stop");
		const replyLength = body.choices[0]?.message.content?.length ?? 0;
		expect(body.usage).toEqual({
			prompt_tokens: Math.ceil("What is the capital of France?".length / 4),
			completion_tokens: Math.ceil(replyLength / 4),
			total_tokens: Math.ceil(30 / 4) + Math.ceil(replyLength / 4),
			prompt_tokens_details: { cached_tokens: 3 },
			cost: 0.00021,
		});
	});

	it("reports no cost when the script sets none, and fixed token counts when scripted", async () => {
		const body = await readJson<ChatCompletion>(
			await postJson(endpoint, { model: "scripted/plain", messages: question }),
		);
		expect(body.usage).toEqual({
			prompt_tokens: 100,
			completion_tokens: 7,
			total_tokens: 107,
			prompt_tokens_details: { cached_tokens: 0 },
		});
	});

	it("streams the reply in a few content chunks, then a usage chunk, then [DONE]", async () => {
		const response = await postJson(endpoint, {
			model: "scripted/strong",
			messages: question,
			stream: true,
			stream_options: { include_usage: true },
		});
		expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
		const { events, error } = await readEvents(response, isContent);
		expect(error).toBeNull();
		expect(events.at(-1)?.data).toBe("[DONE]");
		const chunks = chunksOf(events);
		const contents = chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta.content ?? ""));
		expect(contents.filter((content) => content !== "").length).toBeGreaterThanOrEqual(3);
		expect(contents.join("")).toBe("Paris is the capital of France, and it has been for centuries.");
		expect(chunks[0]?.choices[0]?.delta.role).toBe("assistant");
		expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe("stop");
		const last = chunks.at(-1);
		expect(last?.choices).toEqual([]);
		expect(last?.usage).toMatchObject({ prompt_tokens: 8, cost: 0.00021 });
		expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
	});

	it("sends the first piece at the time to first token and the last with the closing frames at the full latency", async () => {
		// Each read of the raw body, with when it arrived: pieces are at least 60 ms apart, so each
		// write of the server arrives as a read of its own.
		const reads = await new Promise<{ at: number; text: string }[]>((resolve, reject) => {
			const started = performance.now();
			const body = JSON.stringify({ model: "scripted/timed", messages: question, stream: true });
			const post = request(
				endpoint,
				{ method: "POST", headers: { "content-type": "application/json" } },
				(response) => {
					const received: { at: number; text: string }[] = [];
					response.setEncoding("utf8");
					response.on("data", (text: string) => received.push({ at: performance.now() - started, text }));
					response.on("end", () => resolve(received));
				},
			);
			post.on("error", reject);
			post.end(body);
		});
		const first = reads[0];
		const last = reads.at(-1);
		expect(first?.text).toContain('"role":"assistant"');
		expect(first?.at).toBeGreaterThanOrEqual(55);
		// The last read holds the last words, the finish reason and [DONE] together, at the full latency.
		expect(last?.text).toMatch(/"delta":\{"content":"[^"]+"\}/);
		expect(last?.text).toContain('"finish_reason":"stop"');
		expect(last?.text).toContain("data: [DONE]");
		expect(last?.at).toBeGreaterThanOrEqual(235);
		expect(reads.filter((read) => read.text.includes('finish_reason":"stop')).length).toBe(1);
		expect(reads.length).toBeGreaterThanOrEqual(2);
		expect(reads.map((read) => read.text).join("")).not.toContain("[DONE]\n\ndata");
	});

	it("sends no usage chunk unless include_usage asks for it", async () => {
		const response = await postJson(endpoint, { model: "scripted/strong", messages: question, stream: true });
		const chunks = chunksOf((await readEvents(response, isContent)).events);
		expect(chunks.every((chunk) => chunk.choices.length === 1 && !("usage" in chunk))).toBe(true);
	});

	it("answers with native tool calls, as JSON and as a stream with split arguments", async () => {
		const messages = [{ role: "user", content: "Please list the files" }];
		const tools = [{ type: "function", function: { name: "list_dir", parameters: { type: "object" } } }];
		const body = await readJson<ChatCompletion>(
			await postJson(endpoint, { model: "scripted/strong", messages, tools }),
		);
		expect(body.choices[0]?.finish_reason).toBe("tool_calls");
		expect(body.choices[0]?.message.content).toBeNull();
		const call = body.choices[0]?.message.tool_calls?.[0];
		expect(call).toMatchObject({ type: "function", function: { name: "list_dir" } });
		expect(JSON.parse(call?.function.arguments ?? "")).toEqual({ path: "." });

		const streamed = await postJson(endpoint, { model: "scripted/strong", messages, tools, stream: true });
		const chunks = chunksOf((await readEvents(streamed, isContent)).events);
		const deltas = chunks.flatMap((chunk) => chunk.choices.flatMap((choice) => choice.delta.tool_calls ?? []));
		expect(deltas.length).toBeGreaterThanOrEqual(3);
		expect(deltas[0]).toMatchObject({
			index: 0,
			id: expect.any(String),
			function: { name: "list_dir", arguments: "" },
		});
		const argumentsText = deltas.map((delta) => delta.function?.arguments ?? "").join("");
		expect(JSON.parse(argumentsText)).toEqual({ path: "." });
		expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe("tool_calls");
	});

	it("refuses a body without model or messages, or that is not JSON, with 400", async () => {
		const noModel = await postJson(endpoint, { messages: question });
		expect(noModel.status).toBe(400);
		const error = (await readJson<ErrorBody>(noModel)).error;
		expect(error.type).toBe("invalid_request_error");
		expect(error.message).toContain("`model`");
		expect((await postJson(endpoint, { model: "scripted/strong" })).status).toBe(400);
		const notJson = await fetch(endpoint, { method: "POST", body: "{nope" });
		expect(notJson.status).toBe(400);
		expect((await readJson<ErrorBody>(notJson)).error.message).toContain("not valid JSON");
	});

	it("records response_format with the request", async () => {
		const responseFormat = { type: "json_schema", json_schema: { name: "verdict", schema: { type: "object" } } };
		await postJson(endpoint, { model: "scripted/plain", messages: question, response_format: responseFormat });
		const recorded = server.requests("scripted/plain").at(-1);
		expect(recorded?.body).toMatchObject({ response_format: responseFormat });
	});
});

describe("openaiWire.streamPlan", () => {
	it("writes each chunk as JSON.stringify writes the chunk object, with or without usage", () => {
		const reply = {
			text: 'a "quoted" reply, é',
			toolCalls: [],
			usage: { promptTokens: 3, completionTokens: 4, cachedTokens: 0 },
			costUsd: null,
		};
		const identity = { id: "chatcmpl-scripted-7", model: 'odd/"model"\\', created: 1_700_000_000 };
		for (const includeUsage of [true, false]) {
			const plan = openaiWire.streamPlan(reply, identity, includeUsage);
			const frames = [...plan.pieces.flat(), ...plan.closing].filter((frame) => frame.data !== "[DONE]");
			expect(frames.length).toBeGreaterThan(2);
			for (const frame of frames) {
				const parsed = JSON.parse(frame.data) as Record<string, unknown>;
				expect(Object.keys(parsed)).toEqual([
					"id",
					"object",
					"created",
					"model",
					"system_fingerprint",
					"choices",
					...(includeUsage ? ["usage"] : []),
				]);
				expect(frame.data).toBe(JSON.stringify(parsed));
				expect(parsed).toMatchObject({ id: identity.id, model: identity.model, created: identity.created });
			}
		}
	});
});
