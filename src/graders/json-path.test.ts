import { describe, expect, it } from "vitest";
import type { BadInputError } from "../contract/index.js";
import { createJsonPathGrader, parseJsonPath } from "./json-path.js";
import { gradeOne } from "./testing.js";

describe("parseJsonPath", () => {
	it("reads keys, quoted keys and indexes", () => {
		expect(parseJsonPath("$")).toEqual({ steps: [] });
		expect(parseJsonPath(`$.items[2]['unit price']["a\\"b"].x_1`)).toEqual({
			steps: ["items", 2, "unit price", 'a"b', "x_1"],
		});
	});

	it.each(["$..total", "$.items[*]", "$.items[?(@.x)]", "$.items[-1]", "$.items[0:2]", "total", "$.a b"])(
		"refuses %s",
		(path) => {
			expect(parseJsonPath(path)).toHaveProperty("problem");
		},
	);
});

describe("json_path", () => {
	it("passes when the value at the path equals, exactly or within tolerance", async () => {
		const output = '```json\n{"total": 318.4, "items": [{"sku": "A"}, {"sku": "B"}]}\n```';
		const score = await gradeOne(createJsonPathGrader({ path: "$.total", equals: 318.4 }), output);
		expect(score).toMatchObject({ metric: "json_path", value: 1, grader_version: "json_path@1" });
		expect((await gradeOne(createJsonPathGrader({ path: "$.total", equals: 318.41 }), output)).value).toBe(0);
		expect(
			(await gradeOne(createJsonPathGrader({ path: "$.total", equals: 318.41, tolerance: 0.02 }), output)).value,
		).toBe(1);
		expect((await gradeOne(createJsonPathGrader({ path: "$.items[1]", equals: { sku: "B" } }), output)).value).toBe(1);
		expect(
			(await gradeOne(createJsonPathGrader({ path: "$.items[1]", equals: { sku: "B", n: 1 } }), output)).value,
		).toBe(0);
	});

	it("fails with a reason when the output is not JSON, repeats a key or lacks the path", async () => {
		const grader = createJsonPathGrader({ path: "$.items[3].sku", equals: "A" });
		const prose = await gradeOne(grader, "the total is 318.4");
		expect(prose.value).toBe(0);
		expect(prose.reasoning).toContain("not JSON");
		const repeated = await gradeOne(grader, '{"items": [], "items": []}');
		expect(repeated.reasoning).toContain("appears twice");
		const short = await gradeOne(grader, '{"items": [{"sku": "A"}]}');
		expect(short).toMatchObject({ value: 0, reasoning: expect.stringContaining("has 1 items, no [3]") });
		const wrongType = await gradeOne(grader, '{"items": {"3": 1}}');
		expect(wrongType.reasoning).toContain("not an array");
	});

	it("refuses unsupported syntax and a negative tolerance", () => {
		expect(() => createJsonPathGrader({ path: "$.items[*].sku", equals: 1, tolerance: -1 })).toThrow(
			expect.objectContaining({
				issues: [
					expect.objectContaining({ path: "path", fix: expect.stringContaining("wildcards") }),
					expect.objectContaining({ path: "tolerance" }),
				],
			}) as BadInputError,
		);
	});
});
