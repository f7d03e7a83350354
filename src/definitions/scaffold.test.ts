import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { definitionSchemas } from "./json-schemas.js";
import { loadDefinitions } from "./load-definitions.js";
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

	it("keeps every commented example valid once uncommented", () => {
		const files = scaffoldFiles().map((file) =>
			file.path === "models.yaml" ? { ...file, content: file.content.replace(/^ {2}# (?=[- ])/gm, "  ") } : file,
		);
		const definitions = loadDefinitions(writeScaffold(files));
		expect(definitions.models.map((model) => model.provider)).toEqual([
			"openai-compatible",
			"openrouter",
			"anthropic",
			"openai-compatible",
			"command",
		]);
	});

	it("writes a plausible case file for the runnable use case", () => {
		const file = scaffoldFiles().find((candidate) => candidate.path === "packs/hello/greeting.yaml");
		const data = parse(file?.content ?? "");
		expect(data).toMatchObject({ id: "greeting", kind: "floor", input: { prompt: expect.any(String) } });
		expect(data.reference.contains).toEqual(["Ada"]);
	});
});
