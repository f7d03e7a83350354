import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { definitionSchemas } from "./json-schemas.js";
import { loadDefinitions } from "./load-definitions.js";
import { loadTaskPack } from "./load-task-pack.js";
import { scaffoldFiles } from "./scaffold.js";

const roots: string[] = [];
afterEach(() => {
	for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function writeScaffold(files: readonly { path: string; content: string }[]): string {
	const dir = join(mkdtempSync(join(tmpdir(), "touchstone-scaffold-")), "benchmarks");
	roots.push(dirname(dir));
	for (const file of files) {
		mkdirSync(dirname(join(dir, file.path)), { recursive: true });
		writeFileSync(join(dir, file.path), file.content);
	}
	return dir;
}

describe("scaffoldFiles", () => {
	it("produces a folder that loads without errors or warnings", () => {
		const definitions = loadDefinitions(writeScaffold(scaffoldFiles()));
		expect(definitions.warnings).toEqual([]);
		expect(definitions.models).toHaveLength(1);
		expect(definitions.models[0]).toMatchObject({
			provider: "openai-compatible",
			base_url: "http://localhost:8000/v1",
		});
		expect(definitions.useCases.map((useCase) => [useCase.id, useCase.status, useCase.plugin])).toEqual([
			["hello", "runnable", "cases"],
			["meeting-notes-audio", "idea", null],
		]);
	});

	it("starts each definition file with a modeline naming a schema it also writes", () => {
		const files = scaffoldFiles();
		const paths = files.map((file) => file.path);
		for (const name of ["models", "judge_panels", "use_cases"]) {
			const file = files.find((candidate) => candidate.path === `${name}.yaml`);
			expect(file?.content.split("\n")[0]).toBe(`# yaml-language-server: $schema=./schemas/${name}.schema.json`);
			expect(paths).toContain(`schemas/${name}.schema.json`);
		}
		const schema = files.find((file) => file.path === "schemas/models.schema.json");
		expect(JSON.parse(schema?.content ?? "null")).toEqual(definitionSchemas()["models.schema.json"]);
	});

	it("keeps every commented example valid once uncommented, the task use case and its pack included", () => {
		const uncommented = new Set(["models.yaml", "use_cases.yaml"]);
		const files = scaffoldFiles().map((file) =>
			uncommented.has(file.path) ? { ...file, content: file.content.replace(/^ {2}# (?=[- ])/gm, "  ") } : file,
		);
		const dir = writeScaffold(files);
		const definitions = loadDefinitions(dir);
		expect(definitions.models.map((model) => model.provider)).toEqual([
			"openai-compatible",
			"openrouter",
			"anthropic",
			"openai-compatible",
			"command",
			"builtin",
			"builtin",
		]);
		const fixes = definitions.useCases.find((useCase) => useCase.id === "fixes");
		expect(fixes).toMatchObject({ status: "runnable", plugin: "tasks", tasks: "packs/fixes" });
		const pack = loadTaskPack(join(dir, "packs", "fixes"));
		expect(pack.tasks.map(({ task }) => task.id)).toEqual(["slug-separators"]);
	});

	it("writes a case file for the runnable use case, with the checks that grade it", () => {
		const file = scaffoldFiles().find((candidate) => candidate.path === "packs/hello/greeting.yaml");
		const data = parse(file?.content ?? "");
		expect(data).toMatchObject({ id: "greeting", kind: "floor", input: { prompt: expect.any(String) } });
		expect(data.checks).toEqual([
			{ metric: "names_person", contains: ["Ada"] },
			{ metric: "one_sentence", regex: "^[^.!?]+[.!?]?\\s*$" },
		]);
		const oneSentence = new RegExp(data.checks[1].regex);
		expect(oneSentence.test(data.reference.text)).toBe(true);
		expect(oneSentence.test("Hi Ada. Welcome!")).toBe(false);
	});
});
