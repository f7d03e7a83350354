import { describe, expect, it } from "vitest";
import { parseVerdict } from "./parse-verdict.js";
import { defineRubric } from "./rubric.js";

const rubric = defineRubric({
	numeric: {
		fact_recall: { weight: 2, description: "a" },
		faithfulness: { weight: 1, description: "b" },
	},
	gates: { hallucination: { description: "c" } },
	critical_failure: { gate: "hallucination", cap: 0.2 },
});

const VERDICT = '{"fact_recall": 0.8, "faithfulness": 1, "hallucination": false, "rationale": "All there."}';

describe("parseVerdict", () => {
	it("reads a clean JSON verdict", () => {
		expect(parseVerdict(VERDICT, rubric)).toEqual({
			ok: true,
			verdict: {
				fields: { fact_recall: 0.8, faithfulness: 1, hallucination: false },
				rationale: "All there.",
				source: "whole-output",
			},
		});
	});

	it("salvages a verdict from a code fence or from prose around it", () => {
		const fenced = parseVerdict(`\`\`\`json\n${VERDICT}\n\`\`\``, rubric);
		expect(fenced.ok && fenced.verdict.source).toBe("fenced-block");
		const prose = parseVerdict(`Here is my verdict: ${VERDICT} Hope this helps.`, rubric);
		expect(prose.ok && prose.verdict).toMatchObject({ source: "embedded-value", fields: { fact_recall: 0.8 } });
	});

	it("ignores keys beyond the rubric", () => {
		const extra = parseVerdict(VERDICT.replace("{", '{"overall": 0.9, '), rubric);
		expect(extra.ok && extra.verdict.fields).toEqual({ fact_recall: 0.8, faithfulness: 1, hallucination: false });
	});

	it("refuses malformed JSON, and JSON that is not an object", () => {
		const malformed = parseVerdict('{"fact_recall": 0.8, "faithfulness": }', rubric);
		expect(malformed.ok).toBe(false);
		expect(!malformed.ok && malformed.error).toMatch(/^the reply is not JSON \(/);
		expect(parseVerdict("[0.8, 1, false]", rubric)).toEqual({
			ok: false,
			error: "expected a JSON object of the rubric fields, found a list",
		});
	});

	it("names every missing or mistyped field, coercing nothing", () => {
		const result = parseVerdict('{"fact_recall": "0.8", "faithfulness": 1.5, "hallucination": "no"}', rubric);
		expect(result).toEqual({
			ok: false,
			error:
				'`fact_recall` must be a number from 0 to 1, found the string "0.8"; `faithfulness` must be from 0 to 1, found 1.5; `hallucination` must be true or false, found the string "no"; missing `rationale`',
		});
		expect(parseVerdict('{"fact_recall": 0.5, "rationale": " "}', rubric)).toEqual({
			ok: false,
			error:
				'missing `faithfulness`; missing `hallucination`; `rationale` must be a non-empty string, found the string " "',
		});
	});

	it("fails a reply giving two verdicts, rather than letting the first one win", () => {
		const second = VERDICT.replace("false", "true").replace("0.8", "0");
		const parsed = parseVerdict(`First: ${VERDICT}\nOn reflection: ${second}`, rubric);
		expect(parsed.ok).toBe(false);
		expect(parsed.ok ? "" : parsed.error).toContain("`fact_recall` more than once");
		expect(parseVerdict(`\`\`\`json\n${VERDICT}\n\`\`\`\n${second}`, rubric).ok).toBe(false);
	});
});
