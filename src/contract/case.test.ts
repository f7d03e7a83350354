import { describe, expect, it } from "vitest";
import { type CaseData, caseData, defineCase } from "./case.js";
import { contentHash } from "./json.js";

const data: CaseData = {
	id: "short-email",
	version: "1",
	use_case_id: "summarization",
	kind: "floor",
	input: { prompt: "Summarize: hello", max_tokens: 50 },
	reference: { key_facts: ["hello"] },
	threshold: 0.7,
	metadata: {},
};

describe("defineCase", () => {
	it("hashes the resolved input, independent of key order", () => {
		const a = defineCase(data);
		const b = defineCase({ ...data, input: { max_tokens: 50, prompt: "Summarize: hello" } });
		expect(a.inputHash()).toBe(contentHash(data.input));
		expect(a.inputHash()).toBe(b.inputHash());
	});

	it("changes the hash when the input changes, not when metadata does", () => {
		const a = defineCase(data);
		expect(defineCase({ ...data, input: { prompt: "Summarize: bye", max_tokens: 50 } }).inputHash()).not.toBe(
			a.inputHash(),
		);
		expect(defineCase({ ...data, metadata: { tier: "easy" } }).inputHash()).toBe(a.inputHash());
	});

	it("is frozen and serializes back to its plain data", () => {
		const a = defineCase(data);
		expect(Object.isFrozen(a)).toBe(true);
		expect(caseData(a)).toEqual(data);
		expect(JSON.parse(JSON.stringify(a))).toEqual(data);
	});
});
