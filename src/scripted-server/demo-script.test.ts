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

let server: ScriptedServer;
let cases: DemoCase[] = [];

beforeAll(async () => {
	server = await startScriptedServer({ script: await loadScript(`${examples}scripted/demo.yaml`) });
	cases = await demoCases();
});
afterAll(() => server.close());

/** Asks like a provider would, retrying the scripted rate limits. */
async function ask(model: string, prompt: string) {
	for (;;) {
		const response = await postJson(`${server.url}/v1/chat/completions`, {
			model,
			messages: [{ role: "user", content: prompt }],
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
