import { describe, expect, it } from "vitest";
import { BadInputError } from "../contract/index.js";
import { createContainsGrader } from "./contains.js";
import { gradeOne } from "./testing.js";

describe("contains", () => {
	it("scores the fraction of values found in all mode and names the missing ones", async () => {
		const grader = createContainsGrader({ values: ["invoice: INV-1042", "total: 318.40", "EUR"] });
		const score = await gradeOne(grader, "invoice: INV-1042\ntotal: 318.4");
		expect(score).toMatchObject({ metric: "contains", score_type: "absolute", value_label: "1/3" });
		expect(score.value).toBeCloseTo(1 / 3);
		expect(score.reasoning).toBe('found 1 of 3; missing "total: 318.40", "EUR"');
		expect(score.extras).toEqual({ found: ["invoice: INV-1042"], missing: ["total: 318.40", "EUR"] });
	});

	it("scores 1 when every value is there", async () => {
		const score = await gradeOne(createContainsGrader({ values: ["a", "b"] }), "b then a");
		expect(score).toMatchObject({ value: 1, value_label: "2/2", reasoning: "found all 2 values" });
	});

	it("passes in any mode when one value is found, as a boolean", async () => {
		const grader = createContainsGrader({ values: ["refund", "reimburse"], mode: "any", metric: "mentions_refund" });
		expect(await gradeOne(grader, "We will reimburse you.")).toMatchObject({
			metric: "mentions_refund",
			score_type: "boolean",
			value: 1,
		});
		const miss = await gradeOne(grader, "Thanks for writing.");
		expect(miss.value).toBe(0);
		expect(miss.reasoning).toBe('none of "refund", "reimburse" is in the output');
	});

	it("matches case as written unless told otherwise, folding unicode case", async () => {
		expect((await gradeOne(createContainsGrader({ values: ["Refund"] }), "a refund")).value).toBe(0);
		const folded = createContainsGrader({ values: ["Refund", "GRÜSSE"], case_sensitive: false });
		expect((await gradeOne(folded, "a REFUND, viele Grüße")).value).toBe(1);
	});

	it("finds nothing in an empty output", async () => {
		const score = await gradeOne(createContainsGrader({ values: ["x"] }), "");
		expect(score).toMatchObject({ value: 0, value_label: "0/1" });
	});

	it("refuses an empty list and empty values, naming them", () => {
		expect(() => createContainsGrader({ values: [] })).toThrow(BadInputError);
		try {
			createContainsGrader({ values: ["ok", ""] });
			expect.unreachable();
		} catch (error) {
			expect((error as BadInputError).issues.map((issue) => issue.path)).toEqual(["values[1]"]);
		}
	});
});
