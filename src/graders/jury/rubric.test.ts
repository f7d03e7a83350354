import { describe, expect, it } from "vitest";
import { BadInputError } from "../../contract/index.js";
import { defineRubric } from "./rubric.js";

const GOOD = {
	numeric: {
		fact_recall: { weight: 2, description: "Share of the key facts stated." },
		conciseness: { weight: 1, description: "1 when short." },
	},
	gates: { hallucination: { description: "True when a claim is unsupported." } },
	critical_failure: { gate: "hallucination", cap: 0.2 },
};

/** The issues of the BadInputError `defineRubric` throws, as `path: message`. */
function problemsOf(rubric: unknown): string[] {
	try {
		defineRubric(rubric);
	} catch (error) {
		expect(error).toBeInstanceOf(BadInputError);
		expect((error as BadInputError).issues.every((issue) => issue.source === "jury grader")).toBe(true);
		expect((error as BadInputError).issues.every((issue) => issue.fix !== null)).toBe(true);
		return (error as BadInputError).issues.map((issue) => `${issue.path}: ${issue.message}`);
	}
	return [];
}

describe("defineRubric", () => {
	it("accepts a rubric and fills in no gates and no critical-failure rule", () => {
		expect(defineRubric(GOOD)).toEqual(GOOD);
		const bare = defineRubric({ numeric: { quality: { weight: 1, description: "How good." } } });
		expect(bare).toEqual({
			numeric: { quality: { weight: 1, description: "How good." } },
			gates: {},
			critical_failure: null,
		});
	});

	it("refuses weights that sum to zero, and a negative weight", () => {
		const zero = {
			...GOOD,
			numeric: {
				fact_recall: { weight: 0, description: "a" },
				conciseness: { weight: 0, description: "b" },
			},
		};
		expect(problemsOf(zero)).toEqual([
			"rubric.numeric: the weights of fact_recall, conciseness sum to 0, so the composite is undefined",
		]);
		const negative = { ...GOOD, numeric: { fact_recall: { weight: -1, description: "a" } } };
		expect(problemsOf(negative)).toEqual(["rubric.numeric.fact_recall.weight: expected a weight >= 0"]);
	});

	it("refuses a critical-failure gate naming no field, or naming a numeric field", () => {
		expect(problemsOf({ ...GOOD, critical_failure: { gate: "halucination", cap: 0.2 } })).toEqual([
			"rubric.critical_failure.gate: the gate `halucination` names no field of the rubric; its gates are: hallucination",
		]);
		expect(problemsOf({ ...GOOD, critical_failure: { gate: "fact_recall", cap: 0.2 } })[0]).toContain(
			"`fact_recall` is a numeric field; the critical-failure gate must be a boolean gate field (hallucination)",
		);
	});

	it("refuses unknown keys, bad or reserved field names, and a cap outside 0..1, listing them all", () => {
		const problems = problemsOf({
			numeric: {
				"Fact-Recall": { weight: 1, description: "a" },
				rationale: { weight: 1, description: "b" },
				conciseness: { wieght: 1, description: "c" },
			},
			gates: { conciseness: { description: "d" } },
			critical_failure: { gate: "conciseness", cap: 1.5 },
			extra: true,
		});
		expect(problems).toEqual(
			expect.arrayContaining([
				"rubric.extra: unknown key `extra`",
				"rubric.numeric.conciseness.wieght: unknown key `wieght`",
				"rubric.numeric.conciseness.weight: expected a weight (a number >= 0)",
				"rubric.critical_failure.cap: expected a cap <= 1",
			]),
		);
		expect(problems.some((problem) => problem.includes("lowercase letters, digits and _"))).toBe(true);
		expect(problems.some((problem) => problem.includes("`rationale` and `composite` are reserved names"))).toBe(true);
	});

	it("refuses a rubric without numeric fields, and a field that is both numeric and a gate", () => {
		expect(problemsOf({ numeric: {} })).toEqual(["rubric.numeric: expected at least one numeric field, found none"]);
		expect(
			problemsOf({
				numeric: { accuracy: { weight: 1, description: "a" } },
				gates: { accuracy: { description: "b" } },
			}),
		).toEqual([
			"rubric.gates.accuracy: `accuracy` is both a numeric field and a gate; a juror can give it only one value",
		]);
	});
});
