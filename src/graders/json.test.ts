import { describe, expect, it } from "vitest";
import type { BadInputError } from "../contract/index.js";
import { createJsonGrader } from "./json.js";
import { salvageJson } from "./salvage-json.js";
import { gradeOne } from "./testing.js";

const INVOICE_SCHEMA = {
	type: "object",
	required: ["invoice", "total"],
	properties: { invoice: { type: "string" }, total: { type: "number" }, currency: { type: "string" } },
};

describe("salvageJson", () => {
	it("reads the whole output first", () => {
		expect(salvageJson(' {"a": 1} \n')).toEqual({ ok: true, value: { a: 1 }, source: "whole-output" });
	});

	it("prefers a ```json block over another fence", () => {
		const text = 'Example:\n```\nnot json\n```\nAnswer:\n```json\n{"a": 2}\n```\n';
		expect(salvageJson(text)).toEqual({ ok: true, value: { a: 2 }, source: "fenced-block" });
	});

	it("finds the first value that parses in prose, skipping brackets inside strings", () => {
		const text = 'Sure [see below]: {"note": "a } inside", "list": [1, 2]} hope it helps {"b": 1}';
		expect(salvageJson(text)).toEqual({
			ok: true,
			value: { note: "a } inside", list: [1, 2] },
			source: "embedded-value",
		});
	});

	it("reports the parse error when nothing parses", () => {
		const result = salvageJson("{ total: 12 }");
		expect(result.ok).toBe(false);
		expect(salvageJson("   ")).toEqual({ ok: false, error: "the output is empty", ambiguous: false });
	});

	it("refuses JSON that repeats a key rather than reading the last value, and tries no inner object", () => {
		expect(salvageJson('{"pass": false, "pass": true}')).toEqual({
			ok: false,
			error: "the key `pass` appears twice in one object",
			ambiguous: true,
		});
		expect(salvageJson('Here: {"a": {"pass": true}, "a": 1}').ok).toBe(false);
	});
});

describe("json", () => {
	it("passes valid JSON against the schema", async () => {
		const grader = createJsonGrader({ schema: INVOICE_SCHEMA, metric: "shape" });
		const score = await gradeOne(grader, '{"invoice": "INV-2210", "total": 1250}');
		expect(score).toMatchObject({ metric: "shape", score_type: "boolean", value: 1, reasoning: "valid JSON" });
		expect(score.extras).toEqual({ source: "whole-output" });
	});

	it("salvages fenced JSON and says so", async () => {
		const score = await gradeOne(
			createJsonGrader({ schema: INVOICE_SCHEMA }),
			'Here you go:\n```json\n{"invoice": "INV-2210", "total": 1250}\n```',
		);
		expect(score.value).toBe(1);
		expect(score.reasoning).toBe("valid JSON (salvaged from a fenced code block)");
		expect(score.extras).toEqual({ source: "fenced-block" });
	});

	it("lists every validation error", async () => {
		const score = await gradeOne(createJsonGrader({ schema: INVOICE_SCHEMA }), '{"total": "1250", "currency": 3}');
		expect(score.value).toBe(0);
		expect(score.reasoning).toContain("3 problems");
		expect(score.reasoning).toContain("the root must have required property 'invoice'");
		expect(score.reasoning).toContain("/total must be number");
		expect(score.reasoning).toContain("/currency must be string");
	});

	it("fails unparsable output with the parse error", async () => {
		const score = await gradeOne(createJsonGrader({}), "The total is 1250.");
		expect(score.value).toBe(0);
		expect(score.reasoning).toMatch(/^the output is not JSON \(/);
		expect((await gradeOne(createJsonGrader({}), "")).reasoning).toContain("the output is empty");
	});

	it("checks expected fields as a subset, at any depth", async () => {
		const grader = createJsonGrader({ expected: { currency: "EUR", customer: { country: "DE" }, tags: ["a"] } });
		const good = '{"currency": "EUR", "total": 3, "customer": {"country": "DE", "name": "X"}, "tags": ["a"]}';
		expect((await gradeOne(grader, good)).value).toBe(1);
		const bad = await gradeOne(grader, '{"currency": "USD", "customer": {}, "tags": ["a", "b"]}');
		expect(bad.value).toBe(0);
		expect(bad.reasoning).toContain('/currency should be "EUR", found "USD"');
		expect(bad.reasoning).toContain('/customer/country is missing (expected "DE")');
		expect(bad.reasoning).toContain("/tags should have 1 items, found 2");
	});

	it("keeps unicode intact", async () => {
		const grader = createJsonGrader({ expected: { city: "Zürich", note: "日本" } });
		expect((await gradeOne(grader, '{"city": "Zu\u0308rich"}')).value).toBe(0);
		expect((await gradeOne(grader, '{"city": "Zürich", "note": "日本"}')).value).toBe(1);
	});

	it("validates formats and honours a draft-07 $schema", async () => {
		const dated = createJsonGrader({ schema: { type: "string", format: "date" } });
		expect((await gradeOne(dated, '"2025-02-07"')).value).toBe(1);
		expect((await gradeOne(dated, '"7 Feb 2025"')).value).toBe(0);
		const tuple = createJsonGrader({
			schema: { $schema: "http://json-schema.org/draft-07/schema#", items: [{ type: "string" }, { type: "number" }] },
		});
		expect((await gradeOne(tuple, '["a", 1]')).value).toBe(1);
		expect((await gradeOne(tuple, '[1, "a"]')).value).toBe(0);
	});

	it("allows two graders whose schemas share an $id", () => {
		createJsonGrader({ schema: { $id: "https://example.com/invoice.json", type: "object" } });
		expect(() =>
			createJsonGrader({ schema: { $id: "https://example.com/invoice.json", type: "array" } }),
		).not.toThrow();
	});

	it("refuses a schema with a typo in a keyword, or an unknown $schema", () => {
		const messageOf = (make: () => unknown) => {
			try {
				make();
			} catch (error) {
				return (error as BadInputError).issues.map((issue) => `${issue.path}: ${issue.message}`).join("\n");
			}
			return "";
		};
		expect(messageOf(() => createJsonGrader({ schema: { type: "object", requried: ["a"] } }))).toContain(
			'schema: the JSON Schema is invalid: unknown keyword: "requried"',
		);
		expect(messageOf(() => createJsonGrader({ schema: { type: "strin" } }))).toMatch(/^schema: /);
		expect(
			messageOf(() => createJsonGrader({ schema: { $schema: "http://json-schema.org/draft-04/schema#" } })),
		).toMatch(/^schema\.\$schema: unsupported/);
	});
});
