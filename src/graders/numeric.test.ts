import { describe, expect, it } from "vitest";
import type { BadInputError } from "../contract/index.js";
import { createNumericGrader } from "./numeric.js";
import { readNumber } from "./read-number.js";
import { gradeOne } from "./testing.js";

describe("readNumber", () => {
	it.each([
		["The total is EUR 1,234.50.", 1234.5],
		["INV-1042 costs 3", 1042],
		["delta: -4.5", -4.5],
		["delta: \u22124.5", -4.5],
		["about .5 of it", 0.5],
		["3,5 apples", 3],
		["1e3 items", 1000],
		["12,3456", 12],
	])("reads %j as %d", (text, value) => {
		expect(readNumber(text)?.value).toBe(value);
	});

	it("finds nothing in text without digits", () => {
		expect(readNumber("no numbers here")).toBeNull();
	});
});

describe("numeric", () => {
	it("passes the first number when it equals the expected value", async () => {
		const score = await gradeOne(createNumericGrader({ expected: 4 }), "4 line items");
		expect(score).toMatchObject({ metric: "numeric", score_type: "boolean", value: 1 });
		expect(score.reasoning).toBe("read 4 in the output; expected 4 exactly");
	});

	it("includes the bounds of an absolute tolerance and fails just outside them", async () => {
		const grader = createNumericGrader({ expected: 1234.5, tolerance: 0.01 });
		expect((await gradeOne(grader, "1234.51")).value).toBe(1);
		expect((await gradeOne(grader, "1234.49")).value).toBe(1);
		expect((await gradeOne(grader, "1,234.52")).value).toBe(0);
		const tight = createNumericGrader({ expected: 0.3, tolerance: 0.1 });
		expect((await gradeOne(tight, "0.4")).value).toBe(1);
		expect((await gradeOne(tight, "0.2")).value).toBe(1);
		expect((await gradeOne(tight, "0.41")).value).toBe(0);
	});

	it("accepts a relative tolerance", async () => {
		const grader = createNumericGrader({ expected: 200, relative_tolerance: 0.05 });
		expect((await gradeOne(grader, "210")).value).toBe(1);
		const off = await gradeOne(grader, "211");
		expect(off.value).toBe(0);
		expect(off.reasoning).toBe("read 211 in the output; expected 200 ± 10, off by 11");
		expect(off.extras).toEqual({ found: 211, expected: 200, difference: 11 });
	});

	it("reads the number after a label, case-insensitively", async () => {
		const grader = createNumericGrader({ expected: 318.4, label: "total:?" });
		const score = await gradeOne(grader, "invoice: INV-1042\nTotal: EUR 318.40");
		expect(score.value).toBe(1);
		expect(score.reasoning).toContain('after "Total:"');
		const missing = await gradeOne(grader, "318.40");
		expect(missing.value).toBe(0);
		expect(missing.reasoning).toContain("the label /total:?/i is not in the output");
	});

	it("fails an output without a number, or an empty one", async () => {
		const score = await gradeOne(createNumericGrader({ expected: 504 }), "I cannot tell.");
		expect(score.value).toBe(0);
		expect(score.reasoning).toContain("no number in the output; expected 504 exactly");
		expect((await gradeOne(createNumericGrader({ expected: 0 }), "")).value).toBe(0);
	});

	it("refuses a negative tolerance, a bad label and a non-finite expected value", () => {
		try {
			createNumericGrader({ expected: Number.NaN, tolerance: -1, label: "(" });
			expect.unreachable();
		} catch (error) {
			expect((error as BadInputError).issues.map((issue) => issue.path)).toEqual(["expected", "label", "tolerance"]);
		}
	});
});
