import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderTemplate } from "./rule-matcher.js";
import { type ScriptedServer, startScriptedServer } from "./scripted-server.js";
import { type ChatCompletion, type ErrorBody, postJson, readJson } from "./testing.js";

let server: ScriptedServer;

beforeAll(async () => {
	server = await startScriptedServer({
		script: {
			models: {
				agent: {
					rules: [
						// biome-ignore lint/suspicious/noTemplateCurlyInString: a script placeholder, filled by the server
						{ when: { tool_result: "^exit 0" }, reply: "Tests pass after ${model}'s fix." },
						{ when: { tool_result: "^exit 1" }, tool_calls: [{ name: "done", arguments: { ok: false } }] },
						{
							when: { turn: 1, has_tools: true },
							tool_calls: [{ name: "run_command", arguments: { argv: ["npm", "test"] } }],
						},
						{ when: { turn: 2 }, reply: "second turn" },
						{ when: { user: "(?i)total of (\\w+) and (\\w+)" }, reply: "The total is $1+$2, costs $5, $$1 literal." },
						{
							when: { user: "read (\\S+)" },
							tool_calls: [{ name: "read_file", arguments: { path: "$1", why: ["asked for $1"] } }],
						},
						{ when: { system: "terse" }, reply: "k" },
					],
				},
				// biome-ignore lint/suspicious/noTemplateCurlyInString: a script placeholder, filled by the server
				"*": { rules: [{ when: { user: "hello" }, reply: "hi from ${model}" }] },
			},
		},
	});
});
afterAll(() => server.close());

async function ask(model: string, messages: unknown[], extra: Record<string, unknown> = {}) {
	const response = await postJson(`${server.url}/v1/chat/completions`, { model, messages, ...extra });
	return { status: response.status, body: await readJson<ChatCompletion & Partial<ErrorBody>>(response) };
}

const tools = [{ type: "function", function: { name: "run_command", parameters: { type: "object" } } }];
const user = (content: string) => ({ role: "user", content });
const assistant = {
	role: "assistant",
	content: null,
	tool_calls: [{ id: "c1", type: "function", function: { name: "run_command", arguments: "{}" } }],
};

describe("rules", () => {
	it("fills $1..$9 from the user regex, keeps $N beyond its groups, and reads (?i)", async () => {
		const { body } = await ask("agent", [user("What is the TOTAL OF apples and pears?")]);
		expect(body.choices[0]?.message.content).toBe("The total is apples+pears, costs $5, $1 literal.");
	});

	it("fills capture groups inside tool call arguments", async () => {
		const { body } = await ask("agent", [user("please read src/main.ts")]);
		const call = body.choices[0]?.message.tool_calls?.[0];
		expect(call?.function.name).toBe("read_file");
		expect(JSON.parse(call?.function.arguments ?? "")).toEqual({ path: "src/main.ts", why: ["asked for src/main.ts"] });
	});

	it("matches turn and has_tools: the first turn with tools calls a tool, the second does not", async () => {
		const first = await ask("agent", [user("fix the bug")], { tools });
		expect(first.body.choices[0]?.message.tool_calls?.[0]?.function.name).toBe("run_command");
		const second = await ask("agent", [user("fix the bug"), { role: "assistant", content: "ok" }, user("and?")]);
		expect(second.body.choices[0]?.message.content).toBe("second turn");
	});

	it("matches the last tool result, the way an agent loop continues", async () => {
		const passed = await ask(
			"agent",
			[user("fix it"), assistant, { role: "tool", tool_call_id: "c1", content: "exit 0\n12 passed" }],
			{ tools },
		);
		expect(passed.body.choices[0]?.message.content).toBe("Tests pass after agent's fix.");
		const failed = await ask(
			"agent",
			[
				user("fix it"),
				assistant,
				{ role: "tool", tool_call_id: "c1", content: "exit 0" },
				assistant,
				{ role: "tool", tool_call_id: "c1", content: "exit 1" },
			],
			{ tools },
		);
		expect(failed.body.choices[0]?.message.tool_calls?.[0]?.function.name).toBe("done");
	});

	it("matches the system message", async () => {
		const { body } = await ask("agent", [
			{ role: "system", content: "Be terse." },
			user("something else"),
			{ role: "assistant", content: "x" },
			{ role: "assistant", content: "y" },
		]);
		expect(body.choices[0]?.message.content).toBe("k");
	});

	it("answers 422 naming the model and the last user message when no rule matches", async () => {
		const { status, body } = await ask("agent", [user("something else entirely")]);
		expect(status).toBe(422);
		expect(body.error).toMatchObject({
			type: "invalid_request_error",
			message: 'scripted-server: no rule of model agent matched the last user message "something else entirely"',
		});
		expect(server.stats().models.agent?.outcomes.no_rule).toBeGreaterThanOrEqual(1);
	});

	it("serves any other model id from `*`, under the id the client sent", async () => {
		const { body } = await ask("vendor/any-model", [user("hello")]);
		expect(body.model).toBe("vendor/any-model");
		expect(body.choices[0]?.message.content).toBe("hi from vendor/any-model");
	});
});

describe("renderTemplate", () => {
	it("leaves an unmatched group empty and text without placeholders alone", () => {
		const groups = "ab".match(/(a)(x)?b/) ?? [];
		expect(renderTemplate("[$1][$2]", [...groups], "m")).toBe("[a][]");
		expect(renderTemplate("plain", [], "m")).toBe("plain");
	});
});
