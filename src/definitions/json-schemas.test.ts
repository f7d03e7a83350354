import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { definitionSchemas } from "./json-schemas.js";

type JsonSchema = {
	title?: string;
	description?: string;
	properties?: Record<string, JsonSchema>;
	items?: JsonSchema;
	required?: string[];
	additionalProperties?: unknown;
	default?: unknown;
};

/** The schema of one entry of a file's top-level list. */
function entrySchema(schema: Record<string, unknown>, listKey: string): JsonSchema {
	const entry = (schema as JsonSchema).properties?.[listKey]?.items;
	if (entry === undefined) throw new Error(`no ${listKey} items in the schema`);
	return entry;
}

describe("definitionSchemas", () => {
	const schemas = definitionSchemas();

	it("has one draft-07 schema per definition file, with a title and description", () => {
		expect(Object.keys(schemas).sort()).toEqual([
			"index.schema.json",
			"judge_panels.schema.json",
			"models.schema.json",
			"sprint.schema.json",
			"task.schema.json",
			"use_cases.schema.json",
		]);
		for (const schema of Object.values(schemas)) {
			expect(schema.$schema).toBe("http://json-schema.org/draft-07/schema#");
			expect(schema.type).toBe("object");
			expect(schema.title).toMatch(/^touchstone /);
			expect(typeof schema.description).toBe("string");
			expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
		}
	});

	it("describes the fields editors show help for, and refuses unknown keys", () => {
		const model = entrySchema(schemas["models.schema.json"] ?? {}, "models");
		expect(model.additionalProperties).toBe(false);
		expect(model.required).toEqual(["id", "provider"]);
		expect(model.properties?.api_key_env?.description).toContain("environment variable");
		expect(model.properties?.role?.default).toBe("candidate");
		const useCase = entrySchema(schemas["use_cases.schema.json"] ?? {}, "use_cases");
		expect(useCase.properties?.band?.description).toContain("Good enough");
		expect(useCase.properties?.samples?.default).toBe(2);
		expect(useCase.properties?.deployed?.properties?.harness?.default).toBe("single-shot");
		const panel = entrySchema(schemas["judge_panels.schema.json"] ?? {}, "panels");
		expect(panel.properties?.version?.description).toContain("jury@v1");
		const task = schemas["task.schema.json"] as JsonSchema;
		expect(task.additionalProperties).toBe(false);
		expect(task.required).toEqual(["id", "mode", "tier", "prompt", "snapshot", "verifier"]);
		expect(task.properties?.snapshot?.properties?.patches?.items?.description).toContain("exactly once");
		const sprint = schemas["sprint.schema.json"] as JsonSchema;
		expect(sprint.additionalProperties).toBe(false);
		expect(sprint.required).toEqual(["source", "scope", "commands", "scoring"]);
		expect(sprint.properties?.attempts?.default).toBe(2);
		expect(sprint.properties?.branch?.default).toBe("bench/{model_slug}");
	});

	it("matches the copies bundled with the examples", () => {
		for (const [name, schema] of Object.entries(schemas)) {
			const bundled = readFileSync(new URL(`../../examples/benchmarks/schemas/${name}`, import.meta.url), "utf8");
			expect(JSON.parse(bundled), `examples/benchmarks/schemas/${name} is stale`).toEqual(schema);
		}
	});
});
