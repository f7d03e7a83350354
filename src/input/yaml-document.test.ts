import { describe, expect, it } from "vitest";
import { LineCounter, parseDocument, YAMLParseError } from "yaml";
import { parseYamlDocument } from "./yaml-document.js";
import { yamlSyntaxIssues } from "./yaml-positions.js";

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

describe("yamlSyntaxIssues", () => {
	it("reports an error repeated on one line once (a nesting too deep is one per bracket), and each line's own", () => {
		const lineCounter = new LineCounter();
		const document = parseDocument("a: 1\nb: 2\n", { lineCounter });
		const overflow = (offset: number) =>
			new YAMLParseError([offset, offset + 1], "UNEXPECTED_TOKEN", "Maximum call stack size exceeded");
		document.errors.push(overflow(3), overflow(4), overflow(5), overflow(8));
		const issues = yamlSyntaxIssues("deep.yaml", document, lineCounter, { otherwise: "fix it" });
		expect(issues.map((issue) => [issue.line, issue.column])).toEqual([
			[1, 4],
			[2, 1],
		]);
	});
});
