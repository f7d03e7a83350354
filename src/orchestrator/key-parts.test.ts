import { describe, expect, it } from "vitest";
import { type Case, canonicalJson, contentHash, defineCase, type Grader, type ModelEntry } from "../contract/index.js";
import { caseKeyPart, caseKeyParts, modelKeyPart } from "./key-parts.js";

const grader: Grader = {
	specificationVersion: "v1",
	id: "cases",
	version: "3",
	// Unsorted on purpose, nested: the assembled text must sort it as the generic encoding does.
	config: { checks: [{ metric: "answer", contains: ["Ü", "x"], case_sensitive: false }], aggregate: "mean" },
	grade: async () => [],
};

const cases = [
	{ id: "plain", input: { prompt: "hi" }, reference: null },
	{ id: "unicode-é", input: { system_prompt: "s", prompt: 'naïve \u2028 "quoted" 🙂' }, reference: { answer: 4 } },
	{ id: "nested", input: { z: [1, { b: 2, a: null }], a: true }, reference: { facts: ["a", "b"], score: 0.5 } },
	{ id: "empty", input: {}, reference: {} },
].map(({ id, input, reference }) =>
	defineCase({ id, version: "2", use_case_id: "u", kind: "floor", input, reference, threshold: 1, metadata: {} }),
);

/** The key part as the generic canonical encoding gives it: what the assembled text must equal. */
function generic(testCase: Case, of: Grader): string {
	return contentHash({
		case_id: testCase.id,
		case_version: testCase.version,
		input: testCase.input,
		reference: testCase.reference,
		grader: { id: of.id, version: of.version, config: of.config },
	});
}

describe("caseKeyParts", () => {
	it("gives every case the hash of the generic canonical encoding, from the input's canonical text", () => {
		const keyPartOf = caseKeyParts(grader);
		for (const testCase of cases) {
			expect(keyPartOf(testCase, canonicalJson(testCase.input)), testCase.id).toBe(generic(testCase, grader));
			expect(caseKeyPart(testCase, grader), testCase.id).toBe(generic(testCase, grader));
		}
	});

	it("changes with the input, the reference, the case version and the grader", () => {
		const [first] = cases;
		if (first === undefined) throw new Error("no case");
		const base = caseKeyParts(grader)(first, canonicalJson(first.input));
		const other = defineCase({ ...first, version: "3" });
		expect(caseKeyParts(grader)(other, canonicalJson(other.input))).not.toBe(base);
		const referenced = defineCase({ ...first, reference: { answer: 1 } });
		expect(caseKeyParts(grader)(referenced, canonicalJson(referenced.input))).not.toBe(base);
		expect(caseKeyParts(grader)(first, canonicalJson({ prompt: "bye" }))).not.toBe(base);
		expect(caseKeyParts({ ...grader, version: "4" })(first, canonicalJson(first.input))).not.toBe(base);
	});
});

describe("modelKeyPart", () => {
	const agent: ModelEntry = {
		id: "cli/agent",
		provider: "command",
		model: "cli/agent",
		display_name: "cli/agent",
		role: "anchor",
		status: "active",
		tags: { family: null, weights: null, tier: null },
		price: null,
		base_url: null,
		api_key_env: "AGENT_KEY",
		command: ["node", "/opt/agent.mjs"],
		options: { timeout_s: 600 },
	};

	it("keeps the key of an entry that sets none of env, network and mounts", () => {
		// The key this entry had before `env`, `network` and `mounts` existed: its stored rows stay current.
		expect(modelKeyPart(agent)).toBe("efff104e5c0f5f342630729183cf31f0f813c43bcd6d676cb77e725d2e7d2e95");
		expect(modelKeyPart({ ...agent, env: [], mounts: [] })).toBe(modelKeyPart(agent));
	});

	it("changes with what the program may reach: the variables it gets, the network, the mounts", () => {
		const base = modelKeyPart(agent);
		const withEnv = modelKeyPart({ ...agent, env: ["AGENT_BASE_URL", "AGENT_REGION"] });
		expect(withEnv).not.toBe(base);
		expect(modelKeyPart({ ...agent, env: ["AGENT_REGION", "AGENT_BASE_URL"] })).toBe(withEnv);
		expect(modelKeyPart({ ...agent, network: true })).not.toBe(base);
		expect(modelKeyPart({ ...agent, mounts: [{ from: "/opt/agent", to: "/opt/agent" }] })).not.toBe(base);
		// Price, role and display name change no answer.
		expect(modelKeyPart({ ...agent, price: { input: 1, output: 2, cache_read: null }, role: "candidate" })).toBe(base);
	});

	const model: ModelEntry = {
		id: "m",
		provider: "openai-compatible",
		model: "gpt-test",
		display_name: "m",
		role: "candidate",
		status: "active",
		tags: { family: null, weights: null, tier: null },
		price: null,
		base_url: "http://models.test/v1",
		api_key_env: null,
		command: null,
		options: { timeout_s: 30 },
	};

	it("leaves out how replies travel (stream, concurrency, retries) but not what decides them", () => {
		const base = modelKeyPart(model);
		for (const options of [{ stream: false }, { stream: true }, { concurrency: 4, max_retries: 0 }])
			expect(modelKeyPart({ ...model, options: { ...model.options, ...options } }), JSON.stringify(options)).toBe(base);
		expect(modelKeyPart({ ...model, options: { timeout_s: 60 } })).not.toBe(base);
		expect(modelKeyPart({ ...model, model: "gpt-other" })).not.toBe(base);
	});
});
