import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedServer, startScriptedServer } from "./scripted-server.js";
import { type AnthropicMessage, type ErrorBody, type ParsedEvent, postJson, readEvents, readJson } from "./testing.js";

let server: ScriptedServer;
let endpoint = "";

beforeAll(async () => {
	server = await startScriptedServer({
		script: {
			models: {
				"claude-scripted": {
					usage: { prompt_tokens: 40, cached_tokens: 10 },
					rules: [
						{ when: { tool_result: "README\\.md" }, reply: "The folder holds a README." },
						{ when: { user: "files", has_tools: true }, tool_calls: [{ name: "list_dir", arguments: { path: "." } }] },
						{ when: { system: "(?i)pirate" }, reply: "Arr, hello there, matey!" },
						{ reply: "Hello from the scripted Claude." },
					],
				},
			},
		},
	});
	endpoint = `${server.url}/v1/messages`;
});
afterAll(() => server.close());

const headers = { "x-api-key": "sk-ant-secret", "anthropic-version": "2023-06-01" };
const tools = [{ name: "list_dir", description: "List a folder", input_schema: { type: "object" } }];
const isContent = (event: ParsedEvent): boolean => event.event === "content_block_delta";

describe("POST /v1/messages", () => {
	it("answers with a message, the system prompt read from the top-level field", async () => {
		const response = await postJson(
			endpoint,
			{
				model: "claude-scripted",
				max_tokens: 100,
				system: [{ type: "text", text: "You are a PIRATE." }],
				messages: [{ role: "user", content: "Hi" }],
			},
			{ headers },
		);
		expect(response.status).toBe(200);
		expect(response.headers.get("x-touchstone-scripted")).toBe("1");
		const body = await readJson<AnthropicMessage>(response);
		expect(body).toMatchObject({
			type: "message",
			role: "assistant",
			model: "claude-scripted",
			content: [{ type: "text", text: "Arr, hello there, matey!" }],
			stop_reason: "end_turn",
			usage: { input_tokens: 30, cache_read_input_tokens: 10, output_tokens: 6 },
		});
		expect(body.id).toMatch(/^msg_/);
	});

	it("answers with tool_use blocks, then reads the tool_result block of the next turn", async () => {
		const first = { role: "user", content: [{ type: "text", text: "What files are there?" }] };
		const body = await readJson<AnthropicMessage>(
			await postJson(endpoint, { model: "claude-scripted", max_tokens: 100, tools, messages: [first] }, { headers }),
		);
		expect(body.stop_reason).toBe("tool_use");
		const toolUse = body.content[0];
		expect(toolUse).toMatchObject({ type: "tool_use", name: "list_dir", input: { path: "." } });

		const messages = [
			first,
			{ role: "assistant", content: body.content },
			{
				role: "user",
				content: [
					{ type: "tool_result", tool_use_id: toolUse?.id, content: [{ type: "text", text: "README.md\nsrc/" }] },
				],
			},
		];
		const second = await readJson<AnthropicMessage>(
			await postJson(endpoint, { model: "claude-scripted", max_tokens: 100, tools, messages }, { headers }),
		);
		expect(second.content).toEqual([{ type: "text", text: "The folder holds a README." }]);
	});

	it("streams typed events: message_start, text deltas, message_delta with usage, message_stop", async () => {
		const response = await postJson(
			endpoint,
			{ model: "claude-scripted", max_tokens: 100, stream: true, messages: [{ role: "user", content: "Hi" }] },
			{ headers },
		);
		const { events, error } = await readEvents(response, isContent);
		expect(error).toBeNull();
		const names = events.map((event) => event.event);
		expect(names[0]).toBe("message_start");
		expect(names[1]).toBe("content_block_start");
		expect(names.slice(-4)).toEqual(["content_block_delta", "content_block_stop", "message_delta", "message_stop"]);
		for (const event of events) expect(JSON.parse(event.data).type).toBe(event.event);
		const deltas = events.filter(isContent).map((event) => JSON.parse(event.data).delta);
		expect(deltas.length).toBeGreaterThanOrEqual(3);
		expect(deltas.map((delta) => delta.text).join("")).toBe("Hello from the scripted Claude.");
		const messageDelta = JSON.parse(events.at(-2)?.data ?? "{}");
		expect(messageDelta.delta.stop_reason).toBe("end_turn");
		expect(messageDelta.usage.output_tokens).toBe(Math.ceil("Hello from the scripted Claude.".length / 4));
		expect(JSON.parse(events[0]?.data ?? "{}").message.usage.input_tokens).toBe(30);
	});

	it("streams a tool_use block with its input as input_json_delta pieces", async () => {
		const response = await postJson(
			endpoint,
			{
				model: "claude-scripted",
				max_tokens: 100,
				stream: true,
				tools,
				messages: [{ role: "user", content: "files?" }],
			},
			{ headers },
		);
		const { events } = await readEvents(response, isContent);
		const start = JSON.parse(events.find((event) => event.event === "content_block_start")?.data ?? "{}");
		expect(start.content_block).toMatchObject({ type: "tool_use", name: "list_dir", input: {} });
		const partial = events
			.filter(isContent)
			.map((event) => JSON.parse(event.data).delta)
			.filter((delta) => delta.type === "input_json_delta");
		expect(partial.length).toBeGreaterThanOrEqual(2);
		expect(JSON.parse(partial.map((delta) => delta.partial_json).join(""))).toEqual({ path: "." });
		expect(JSON.parse(events.at(-2)?.data ?? "{}").delta.stop_reason).toBe("tool_use");
	});

	it("refuses a request without max_tokens in Anthropic's error format", async () => {
		const response = await postJson(endpoint, {
			model: "claude-scripted",
			messages: [{ role: "user", content: "Hi" }],
		});
		expect(response.status).toBe(400);
		const body = await readJson<ErrorBody>(response);
		expect(body.type).toBe("error");
		expect(body.error.type).toBe("invalid_request_error");
		expect(body.error.message).toContain("max_tokens");
	});

	it("answers an unknown model with a not_found_error", async () => {
		const response = await postJson(endpoint, {
			model: "nope",
			max_tokens: 5,
			messages: [{ role: "user", content: "Hi" }],
		});
		expect(response.status).toBe(404);
		expect((await readJson<ErrorBody>(response)).error).toMatchObject({
			type: "not_found_error",
			message: expect.stringContaining('"nope"'),
		});
	});
});
