import { describe, expect, it } from "vitest";
import { parseYamlDocument } from "./yaml-document.js";

const OPTIONS = { syntaxFixes: { byCode: {}, otherwise: "fix the YAML" } };

describe("parseYamlDocument", () => {
	it("gives every string back exactly, however long and whatever its characters", () => {
		const text = [
			"cases:",
			'  - { id: a, input: { prompt: "repeat the number 12345" } }',
			'  - { id: b, input: { prompt: "Übersetze: ça coûte 10 €, naïve café", tags: ["a long tag of many words", "short"] } }',
			'  - { id: c, input: { prompt: "emoji 😀 and a lone surrogate \\ud800 in a long text" } }',
		].join("\n");
		const document = parseYamlDocument("cases.yaml", text, OPTIONS);
		expect(document.syntaxIssues).toEqual([]);
		expect(document.data).toEqual({
			cases: [
				{ id: "a", input: { prompt: "repeat the number 12345" } },
				{
					id: "b",
					input: { prompt: "Übersetze: ça coûte 10 €, naïve café", tags: ["a long tag of many words", "short"] },
				},
				{ id: "c", input: { prompt: "emoji 😀 and a lone surrogate \ud800 in a long text" } },
			],
		});
	});
});
