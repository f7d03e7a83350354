import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadScript } from "./load-script.js";
import { type ScriptedServer, startScriptedServer } from "./scripted-server.js";
import { type ChatCompletion, postJson, readJson } from "./testing.js";

const examples = fileURLToPath(new URL("../../examples/", import.meta.url));

/** The parts of a demo case file this test reads. */
interface DemoCase {
	id: string;
	kind: string;
	input: { prompt: string };
	checks: Record<string, unknown>[];
}

async function demoCases(): Promise<DemoCase[]> {
	const cases: DemoCase[] = [];
	for (const pack of ["extraction", "classification"]) {
		const folder = `${examples}benchmarks/packs/${pack}/`;
		for (const file of (await readdir(folder)).filter((name) => name.endsWith(".yaml")).sort())
			cases.push(parse(await readFile(folder + file, "utf8")) as DemoCase);
	}
	return cases;
}

/**
 * A small reading of the pack's checks (exact, contains, regex, numeric, json_schema), enough to
 * tell whether a scripted reply is the right or the wrong answer the script's comments promise.
 * The real graders live in src/graders/, which this layer may not import.
 */
function passes(reply: string, check: Record<string, unknown>): boolean {
	const fold = (text: string): string => (check.case_sensitive === false ? text.toLowerCase() : text);
	if (typeof check.exact === "string") {
		const normalize = (text: string): string =>
			fold(check.normalize_whitespace === true ? text.trim().replace(/\s+/g, " ") : text.trim());
		return normalize(reply) === normalize(check.exact);
	}
	if (check.contains !== undefined)
		return ([check.contains].flat() as string[]).every((value) => fold(reply).includes(fold(value)));
	if (typeof check.regex === "string")
		return new RegExp(check.regex, String(check.flags ?? "")).test(reply) === (check.must_match ?? true);
	if (typeof check.numeric === "number") {
		const label = typeof check.label === "string" ? new RegExp(check.label, "i").exec(reply) : null;
		const rest = label === null ? reply : reply.slice(label.index + label[0].length);
		const number = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/.exec(rest)?.[0];
		const tolerance = typeof check.tolerance === "number" ? check.tolerance : 0;
		return number !== undefined && Math.abs(Number(number.replace(/,/g, "")) - check.numeric) <= tolerance + 1e-9;
	}
	const fenced = /```\w*\n([\s\S]*?)```/.exec(reply)?.[1] ?? reply;
	let value: unknown;
	try {
		value = JSON.parse(fenced.trim());
	} catch {
		return false;
	}
	return fitsSchema(value, check.json_schema) && (check.expected === undefined || isSubset(check.expected, value));
}

function fitsSchema(value: unknown, schema: unknown): boolean {
	const rules = (schema ?? {}) as Record<string, unknown>;
	const type = rules.type;
	if (type === "object" && (typeof value !== "object" || value === null || Array.isArray(value))) return false;
	if ((type === "string" || type === "number" || type === "boolean") && typeof value !== type) return false;
	if (Array.isArray(rules.enum) && !rules.enum.includes(value)) return false;
	if (typeof rules.pattern === "string" && !new RegExp(rules.pattern).test(String(value))) return false;
	if (type !== "object") return true;
	const object = value as Record<string, unknown>;
	const properties = (rules.properties ?? {}) as Record<string, unknown>;
	if (((rules.required ?? []) as string[]).some((key) => !(key in object))) return false;
	if (rules.additionalProperties === false && Object.keys(object).some((key) => !(key in properties))) return false;
	return Object.entries(properties).every(([key, inner]) => !(key in object) || fitsSchema(object[key], inner));
}

function isSubset(expected: unknown, actual: unknown): boolean {
	if (typeof expected !== "object" || expected === null) return expected === actual;
	if (typeof actual !== "object" || actual === null) return false;
	return Object.entries(expected).every(([key, inner]) => isSubset(inner, (actual as Record<string, unknown>)[key]));
}

/** The parts of an example task.yaml (packs/code-fix) this test reads. */
interface DemoTask {
	id: string;
	prompt: string;
	target_files: string[];
	budget: { turns: number };
	snapshot: { files: Record<string, string> };
}

async function demoTasks(): Promise<DemoTask[]> {
	const folder = `${examples}benchmarks/packs/code-fix/`;
	const tasks: DemoTask[] = [];
	for (const id of (await readdir(folder)).sort())
		tasks.push(parse(await readFile(`${folder}${id}/task.yaml`, "utf8")) as DemoTask);
	return tasks;
}

let server: ScriptedServer;
let cases: DemoCase[] = [];
let tasks: DemoTask[] = [];

beforeAll(async () => {
	server = await startScriptedServer({ script: await loadScript(`${examples}scripted/demo.yaml`) });
	cases = await demoCases();
	tasks = await demoTasks();
});
afterAll(() => server.close());

type Message = Record<string, unknown>;

/** The agent harness's tools, by name only: the rules check that tools are offered, not their schemas. */
const TOOLS = ["list_dir", "read_file", "write_file", "run_command", "done"].map((name) => ({
	type: "function",
	function: { name, parameters: { type: "object" } },
}));

/** Asks like a provider would, retrying the scripted rate limits. */
async function ask(model: string, prompt: string | Message[]) {
	for (;;) {
		const response = await postJson(`${server.url}/v1/chat/completions`, {
			model,
			...(typeof prompt === "string"
				? { messages: [{ role: "user", content: prompt }] }
				: { messages: prompt, tools: TOOLS }),
		});
		if (response.status === 429) continue;
		const body = await readJson<ChatCompletion>(response);
		expect(response.status, JSON.stringify(body)).toBe(200);
		return body;
	}
}

/** The ids of the cases whose every check accepts the model's reply. */
async function rightCases(model: string): Promise<string[]> {
	const answers = await Promise.all(
		cases.map(async (item) => ({
			item,
			reply: (await ask(model, item.input.prompt)).choices[0]?.message.content ?? "",
		})),
	);
	return answers
		.filter(({ item, reply }) => item.checks.every((check) => passes(reply, check)))
		.map(({ item }) => item.id)
		.sort();
}

describe("examples/scripted/demo.yaml", () => {
	it("gives the strong model every case and the mid model all but one", async () => {
		const all = cases.map((item) => item.id).sort();
		expect(all.length).toBeGreaterThanOrEqual(5);
		expect(await rightCases("scripted/strong")).toEqual(all);
		const mid = await rightCases("scripted/mid");
		expect(all.filter((id) => !mid.includes(id))).toEqual(["invoice-date"]);
	});

	it("gives the cheap model about 60%: every floor case and no ceiling case", async () => {
		const cheap = await rightCases("scripted/cheap");
		const floor = cases.filter((item) => item.kind === "floor").map((item) => item.id);
		expect(cheap).toEqual(floor.sort());
		expect(cheap.length / cases.length).toBeGreaterThanOrEqual(0.5);
		expect(cheap.length / cases.length).toBeLessThanOrEqual(0.7);
	});

	it("bills the cheap model and leaves the strong model to the price table", async () => {
		const prompt = cases[0]?.input.prompt ?? "";
		expect((await ask("scripted/cheap", prompt)).usage.cost).toBeGreaterThan(0);
		expect((await ask("scripted/strong", prompt)).usage).not.toHaveProperty("cost");
	});

	it("has every candidate work on every code-fix task: it reads the seeded project, then writes a target file", async () => {
		expect(tasks.map((task) => task.id)).toEqual(["audit-currency", "invoice-quantity", "refund-amounts"]);
		for (const task of tasks)
			for (const model of ["scripted/strong", "scripted/mid", "scripted/cheap"]) {
				// The turns up to the first change, played as the agent harness would: a read gets the
				// seeded file. What comes after (run_command, done) needs the sandbox: see
				// test/tasks/code-fix-run.test.ts.
				const messages: Message[] = [
					{ role: "system", content: "You are working in a copy of a software repository." },
					{ role: "user", content: task.prompt },
				];
				let change: { name: string; path: unknown } | undefined;
				for (let turn = 1; change === undefined && turn <= task.budget.turns; turn++) {
					const message = (await ask(model, messages)).choices[0]?.message;
					const calls = message?.tool_calls ?? [];
					expect(calls.length, `${model} on ${task.id}, turn ${turn}: ${message?.content}`).toBeGreaterThan(0);
					messages.push({ role: "assistant", content: null, tool_calls: calls });
					for (const call of calls) {
						const args = JSON.parse(call.function.arguments) as { path?: string };
						if (call.function.name !== "read_file") {
							change ??= { name: call.function.name, path: args.path };
							continue;
						}
						const content = task.snapshot.files[args.path ?? ""];
						expect(content, `${model} reads ${args.path}, which ${task.id} does not seed`).toBeDefined();
						messages.push({ role: "tool", tool_call_id: call.id, content });
					}
				}
				expect(change?.name, `${model} on ${task.id}`).toBe("write_file");
				expect(task.target_files, `${model} on ${task.id}`).toContain(change?.path);
			}
	});

	it("has both jurors return a JSON verdict", async () => {
		for (const juror of ["scripted/juror-a", "scripted/juror-b"]) {
			const verdict = JSON.parse((await ask(juror, "Grade this answer.")).choices[0]?.message.content ?? "");
			expect(verdict).toMatchObject({
				fact_recall: 0.8,
				faithfulness: 0.9,
				conciseness: 0.7,
				hallucination: false,
				rationale: expect.any(String),
			});
		}
	});
});
