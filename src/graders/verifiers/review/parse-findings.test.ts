import { describe, expect, it } from "vitest";
import { FINDINGS_MAX_COUNT, parseFindings } from "./parse-findings.js";

const problem = (text: string) => {
	const parsed = parseFindings(text, "review.json");
	return parsed.ok ? null : parsed.problem;
};

describe("parseFindings", () => {
	it("reads an array of {file, line, description}, ignoring other keys and a byte-order mark", () => {
		const parsed = parseFindings(
			'\uFEFF[{"file": "a.py", "line": 3, "description": "off by one", "severity": "high"}]',
			"review.json",
		);
		expect(parsed).toEqual({ ok: true, findings: [{ file: "a.py", line: 3, description: "off by one" }] });
		expect(parseFindings("[]", "review.json")).toEqual({ ok: true, findings: [] });
	});

	it("refuses what is not JSON or not an array", () => {
		expect(problem("not json")).toMatch(/^review\.json is not valid JSON/);
		expect(problem('{"findings": []}')).toMatch(/must be a JSON array .* found an object/);
		expect(problem("null")).toMatch(/found null/);
	});

	it("names the finding and the field that is wrong", () => {
		expect(problem('[{"file": "a.py", "line": 0, "description": "x"}]')).toMatch(
			/review\.json\[0\]\.line must be a positive integer .* found number 0/,
		);
		expect(problem('[{"file": "a.py", "line": 2.5, "description": "x"}]')).toMatch(/\[0\]\.line/);
		expect(problem('[{"file": "a.py", "line": "3", "description": "x"}]')).toMatch(/\[0\]\.line .* found string "3"/);
		expect(problem('[{"file": "a.py", "line": 1, "description": "x"}, {"line": 1, "description": "x"}]')).toMatch(
			/review\.json\[1\]\.file must be a non-empty string .* found nothing/,
		);
		expect(problem('[{"file": "a.py", "line": 1, "description": " "}]')).toMatch(/\[0\]\.description/);
		expect(problem("[3]")).toMatch(/review\.json\[0\] must be an object .* found number 3/);
	});

	it("refuses more findings than a review may list", () => {
		const finding = { file: "a.py", line: 1, description: "x" };
		expect(problem(JSON.stringify(Array(FINDINGS_MAX_COUNT).fill(finding)))).toBeNull();
		expect(problem(JSON.stringify(Array(FINDINGS_MAX_COUNT + 1).fill(finding)))).toMatch(
			/lists 1001 findings, more than the 1000/,
		);
	});
});
