import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { withRetiredModel } from "./retire-model.js";

const REGISTRY = `# The team's models.
models:
  # cheap and fast
  - id: small/one   # the incumbent
    provider: openai-compatible
    model: one
    base_url: http://localhost:8000/v1
    price: { input: 0.1, output: 0.2 }

  - id: large/two
    provider: openrouter
    model: vendor/two
    status: active  # still here
  - {id: flow/three, provider: openrouter, model: vendor/three}
# trailing comment
`;

const retirement = { reason: "superseded by large/two: 'cheaper' & #1", date: "2026-12-02" };

describe("withRetiredModel", () => {
	it("adds status and the retired block to one block entry, keeping every other byte", () => {
		const next = withRetiredModel(REGISTRY, "small/one", retirement);
		const added = next.split("\n").filter((line) => !REGISTRY.split("\n").includes(line));
		expect(added).toEqual([
			"    status: retired",
			`    retired: { reason: ${JSON.stringify(retirement.reason)}, date: 2026-12-02 }`,
		]);
		// Removing the two added lines gives the original text back, byte for byte.
		expect(
			next
				.split("\n")
				.filter((line) => !added.includes(line))
				.join("\n"),
		).toBe(REGISTRY);
		const models = parse(next).models;
		expect(models[0]).toMatchObject({ id: "small/one", status: "retired", retired: retirement });
		expect(models[1]).toEqual(parse(REGISTRY).models[1]);
	});

	it("replaces an existing status in place, and refuses a flow entry saying to set it by hand", () => {
		const next = withRetiredModel(REGISTRY, "large/two", retirement);
		expect(next).toContain("    status: retired  # still here\n");
		expect(parse(next).models[1]).toMatchObject({ status: "retired", retired: retirement });
		expect(() => withRetiredModel(REGISTRY, "flow/three", retirement)).toThrow(/set it by hand/);
	});

	it("keeps an existing status: retired as written and refuses an id the file lacks", () => {
		const once = withRetiredModel(REGISTRY.replace("status: active", "status: retired"), "large/two", retirement);
		expect(once).toContain("    status: retired  # still here\n    retired:");
		expect(() => withRetiredModel(REGISTRY, "nope", retirement)).toThrow(/no model `nope`/);
	});

	it("writes a hostile reason as a string that reads back exactly", () => {
		const reason = 'a "quoted" reason: with\nnewline, {braces}, - dash, # hash and \\ backslash';
		const next = withRetiredModel(REGISTRY, "small/one", { reason, date: "2026-12-02" });
		expect(parse(next).models[0].retired.reason).toBe(reason.replace("\n", " "));
		expect(next.split("\n").length).toBe(REGISTRY.split("\n").length + 2);
	});
});
