import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BadInputError } from "../contract/index.js";
import { loadScript, parseScript, validateScript } from "./load-script.js";

const BROKEN = `seed: 7
models:
  scripted/strong:
    latency_ms: [400, 250]
    lantency_ms: 3
    faults:
      rate_limit: 2
      hang: yes please
    rules:
      - when: { user: "(unclosed", turn: 0 }
        reply: hi
      - when: { has_tools: true }
  scripted/empty: {}
`;

function problems(text: string, source = "script.yaml"): BadInputError {
	try {
		parseScript(text, source);
	} catch (error) {
		if (error instanceof BadInputError) return error;
		throw error;
	}
	throw new Error("expected the script to be refused");
}

describe("parseScript", () => {
	it("fills in the defaults of a minimal script", () => {
		const script = parseScript('models:\n  "*":\n    rules: [{ reply: hello }]\n', "inline.yaml");
		const model = script.models["*"];
		expect(script.seed).toBe(0);
		expect(model?.latency_ms).toBe(0);
		expect(model?.ttft_ms).toBeUndefined();
		expect(model?.usage).toEqual({ prompt_tokens: "auto", completion_tokens: "auto", cached_tokens: 0 });
		expect(model?.faults).toEqual({
			rate_limit: 0,
			server_error: 0,
			hang: 0,
			cut_stream: 0,
			malformed: 0,
			retry_after_s: 1,
		});
	});

	it("lists every problem at once with its line, column, path and fix", () => {
		const error = problems(BROKEN);
		const lines = error.message.split("\n");
		expect(error.code).toBe("bad-input");
		expect(lines[0]).toBe("scripted-server: the script script.yaml has 8 problems");
		expect(error.message).toContain(
			"script.yaml:4:17 models.scripted/strong.latency_ms: expected [min, max] with min <= max, found [400, 250]\n    fix: write [250, 400]",
		);
		expect(error.message).toContain("script.yaml:5:5 models.scripted/strong.lantency_ms: unknown key `lantency_ms`");
		expect(error.message).toContain("did you mean `latency_ms`?");
		expect(error.message).toContain(
			"script.yaml:7:19 models.scripted/strong.faults.rate_limit: expected a number between 0 and 1, found 2",
		);
		expect(error.message).toContain(
			'script.yaml:8:13 models.scripted/strong.faults.hang: expected a number between 0 and 1, found "yes please"',
		);
		expect(error.message).toContain(
			"script.yaml:10:23 models.scripted/strong.rules[0].when.user: invalid regular expression: /(unclosed/: Unterminated group",
		);
		expect(error.message).toContain(
			"script.yaml:10:42 models.scripted/strong.rules[0].when.turn: expected a turn number >= 1, found 0",
		);
		expect(error.message).toContain(
			"script.yaml:12:9 models.scripted/strong.rules[1]: expected `reply` or `tool_calls` in the rule, found neither",
		);
		expect(error.message).toContain("script.yaml:13:19 models.scripted/empty.rules: missing required key `rules`");
		expect(error.issues.map((issue) => issue.line)).toEqual(
			[...error.issues.map((issue) => issue.line)].sort((a, b) => (a ?? 0) - (b ?? 0)),
		);
	});

	it("reports YAML syntax errors with their line", () => {
		const error = problems("models:\n  a:\n    rules: [{ reply: hi }\n");
		expect(error.issues[0]?.message).toMatch(/^invalid YAML/);
		expect(error.issues[0]?.line).toBeGreaterThanOrEqual(3);
	});

	it("refuses an empty file and says what the top level holds", () => {
		const error = problems("");
		expect(error.issues[0]?.message).toContain("expected a mapping with the top-level keys `seed:` and `models:`");
	});
});

describe("loadScript", () => {
	let directory = "";
	beforeAll(async () => {
		directory = await mkdtemp(join(tmpdir(), "touchstone-script-"));
	});
	afterAll(async () => {
		await rm(directory, { recursive: true, force: true });
	});

	it("reads JSON as well as YAML, tabs and all", async () => {
		const path = join(directory, "script.json");
		await writeFile(path, '{\n\t"seed": 3,\n\t"models": {\n\t\t"m": { "rules": [{ "reply": "ok" }] }\n\t}\n}\n');
		const script = await loadScript(path);
		expect(script.seed).toBe(3);
		expect(script.models.m?.rules[0]?.reply).toBe("ok");
	});

	it("places problems of a JSON file on their line", async () => {
		const path = join(directory, "bad.json");
		await writeFile(path, '{\n  "models": {\n    "m": { "cost_usd": -1, "rules": [{ "reply": "ok" }] }\n  }\n}\n');
		await expect(loadScript(path)).rejects.toThrow(`${path}:3:24 models.m.cost_usd: expected a cost >= 0, found -1`);
	});

	it("names a missing file", async () => {
		const path = join(directory, "missing.yaml");
		await expect(loadScript(path)).rejects.toThrow(BadInputError);
		await expect(loadScript(path)).rejects.toThrow(`cannot read the script ${path}`);
	});
});

describe("validateScript", () => {
	it("checks a script written in code, without lines", () => {
		expect(() => validateScript({ models: { m: { rules: [] } } }, "test")).toThrow(
			"test models.m.rules: expected at least one rule, found a list of 0 items",
		);
	});
});
