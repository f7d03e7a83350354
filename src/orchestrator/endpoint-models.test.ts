import { describe, expect, it } from "vitest";
import { BadInputError, type ModelEntry } from "../contract/index.js";
import type { Definitions } from "../definitions/index.js";
import { endpointModel, endpointRecord, pointModelsAt, recordedEndpointModels } from "./endpoint-models.js";
import { modelKeyPart } from "./key-parts.js";

function entry(id: string, fields: Partial<ModelEntry> = {}): ModelEntry {
	return {
		id,
		provider: "openrouter",
		model: `vendor/${id}`,
		display_name: id,
		role: "candidate",
		status: "active",
		tags: { family: null, weights: null, tier: null },
		price: { input: 1, output: 2, cache_read: null },
		base_url: "https://openrouter.ai/api/v1",
		api_key_env: "OPENROUTER_API_KEY",
		command: null,
		options: { timeout_s: 30, headers_env: { "X-Title": "TITLE" } },
		...fields,
	};
}

const definitions = (models: readonly ModelEntry[]): Definitions =>
	({
		dir: ".",
		models,
		panels: [],
		defaultPanel: "",
		useCases: [],
		sprints: [],
		warnings: [],
		allowedPaths: [],
	}) as Definitions;

describe("endpoint models (--base-url)", () => {
	it("derive an OpenAI-wire entry of their own that keeps the model id and takes no hosted credential or price", () => {
		const hosted = entry("qwen");
		const derived = endpointModel(hosted, "http://gpu-box:8000/v1", null);
		expect(derived).toMatchObject({
			id: "qwen@gpu-box:8000",
			provider: "openai-compatible",
			model: "vendor/qwen",
			base_url: "http://gpu-box:8000/v1",
			api_key_env: null,
			price: null,
			options: { timeout_s: 30 },
		});
		expect(derived.options).not.toHaveProperty("headers_env");
		// Its own cell-key part: the endpoint is part of it.
		expect(modelKeyPart(derived)).not.toBe(modelKeyPart(hosted));
		expect(modelKeyPart(endpointModel(hosted, "http://other:8000/v1", null))).not.toBe(modelKeyPart(derived));
		expect(endpointModel(hosted, "http://gpu-box:8000/v1", "BOX_KEY").api_key_env).toBe("BOX_KEY");
	});

	it("point only the named OpenAI-wire models, listing every problem at once", () => {
		const registry = definitions([
			entry("qwen"),
			entry("local", { provider: "openai-compatible" }),
			entry("claude", { provider: "anthropic" }),
			entry("qwen@gpu-box:8000"),
		]);
		const override = { baseUrl: "http://gpu-box:8000/v1/", apiKeyEnv: null };
		expect(pointModelsAt(registry, ["local"], override).map((model) => [model.id, model.base_url])).toEqual([
			["local@gpu-box:8000", "http://gpu-box:8000/v1"],
		]);
		let thrown: unknown;
		try {
			pointModelsAt(registry, ["claude", "ghost", "qwen"], override);
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toBeInstanceOf(BadInputError);
		expect((thrown as BadInputError).issues.map((issue) => [issue.path, issue.message])).toEqual([
			["claude", expect.stringContaining("does not speak the OpenAI chat wire")],
			["ghost", "no model `ghost` in models.yaml"],
			["qwen", expect.stringContaining("is already a registry id")],
		]);
		expect(() => pointModelsAt(registry, undefined, override)).toThrow(BadInputError);
		expect(() => pointModelsAt(registry, ["local"], { baseUrl: "gpu-box:8000", apiKeyEnv: null })).toThrow(
			/not an http\(s\) URL/,
		);
	});

	it("are derived again from today's entry in later specs: unchanged, the same key; changed or gone, not", () => {
		const before = definitions([entry("qwen")]);
		const recorded = endpointRecord(pointModelsAt(before, ["qwen"], { baseUrl: "http://box:1/v1", apiKeyEnv: null }));
		expect(recorded).toEqual({ "qwen@box:1": { model: "qwen", base_url: "http://box:1/v1" } });
		const [again] = recordedEndpointModels(before, recorded);
		expect(again === undefined ? null : modelKeyPart(again)).toBe(
			modelKeyPart(endpointModel(entry("qwen"), "http://box:1/v1", null)),
		);
		const changed = recordedEndpointModels(definitions([entry("qwen", { model: "vendor/qwen-2" })]), recorded);
		expect(changed.map((model) => modelKeyPart(model))).not.toEqual([again === undefined ? "" : modelKeyPart(again)]);
		expect(recordedEndpointModels(definitions([]), recorded)).toEqual([]);
	});
});
