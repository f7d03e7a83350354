import { describe, expect, it } from "vitest";
import { type Case, canonicalJson, contentHash, defineCase, type Grader } from "../contract/index.js";
import { caseKeyPart, caseKeyParts } from "./key-parts.js";

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
