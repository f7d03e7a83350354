import { describe, expect, it } from "vitest";
import { BadInputError, type Score } from "../contract/index.js";
import { createCompositeGrader } from "./composite.js";
import { createContainsGrader } from "./contains.js";
import { createExactGrader } from "./exact.js";
import { createRegexGrader } from "./regex.js";
import { attempt, TEST_CASE } from "./testing.js";

const signal = new AbortController().signal;

function parts() {
	return [
		createExactGrader({ expected: "bug - billing page", metric: "label", case_sensitive: false }),
		createContainsGrader({ values: ["bug", "billing page", "card"], metric: "terms" }),
		createRegexGrader({ pattern: "sorry", flags: "i", must_match: false, metric: "no_apology" }),
	];
}

async function grade(weights: Record<string, number> | undefined, final: string | null, status = "completed" as const) {
	const grader = createCompositeGrader({ graders: parts(), ...(weights === undefined ? {} : { weights }) });
	const scores = await grader.grade({ case: TEST_CASE, attempt: attempt(final, { status }) }, { signal });
	return Object.fromEntries(scores.map((score) => [score.metric, score])) as Record<string, Score>;
}

describe("composite", () => {
	it("returns every metric plus their equal-weight mean", async () => {
		// label 0, terms 2/3, no_apology 0 -> (0 + 2/3 + 0) / 3
		const scores = await grade(undefined, "Sorry: bug on the billing page");
		expect(Object.keys(scores)).toEqual(["label", "terms", "no_apology", "composite"]);
		expect(scores.composite?.value).toBeCloseTo(2 / 9);
		expect(scores.composite).toMatchObject({ score_type: "absolute", grader_version: "composite@1" });
	});

	it("weighs metrics by hand-computed weights, a missing weight counting 1", async () => {
		// label 1 × 3, terms 2/3 × 1 (unlisted), no_apology 1 × 0.5 -> (3 + 2/3 + 0.5) / 4.5
		const scores = await grade({ label: 3, no_apology: 0.5 }, "bug - billing page");
		expect(scores.composite?.value).toBeCloseTo((3 + 2 / 3 + 0.5) / 4.5);
		expect(scores.composite?.reasoning).toBe(
			"weighted mean (3×label(1) + 1×terms(0.667) + 0.5×no_apology(1)) / 4.5 = 0.926",
		);
	});

	it("reports a metric of weight 0 without counting it", async () => {
		const scores = await grade({ terms: 0 }, "bug - billing page");
		expect(scores.terms?.value).toBeCloseTo(2 / 3);
		expect(scores.composite?.value).toBe(1);
	});

	it("scores a harness error 0 everywhere, saying why", async () => {
		const scores = await grade(undefined, "bug - billing page", "harness_error" as "completed");
		expect(scores.label?.value).toBe(0);
		expect(scores.composite?.value).toBe(0);
		expect(scores.composite?.reasoning).toMatch(/^not graded: the harness failed/);
	});

	it("refuses negative weights, weights of unknown metrics and weights summing to 0, naming the field", () => {
		const pathsOf = (weights: Record<string, number>) => {
			try {
				createCompositeGrader({ graders: parts(), weights });
			} catch (error) {
				expect(error).toBeInstanceOf(BadInputError);
				return (error as BadInputError).issues.map((issue) => issue.path);
			}
			return [];
		};
		expect(pathsOf({ label: -1 })).toEqual(["weights.label"]);
		expect(pathsOf({ lable: 1 })).toEqual(["weights.lable"]);
		expect(pathsOf({ label: 0, terms: 0, no_apology: 0 })).toEqual(["weights"]);
		expect(pathsOf({ label: 0, terms: 0 })).toEqual([]);
	});

	it("refuses two graders with the same metric", () => {
		expect(() =>
			createCompositeGrader({ graders: [createExactGrader({ expected: "a" }), createExactGrader({ expected: "b" })] }),
		).toThrow(/more than one grader produces the metric `exact`/);
	});
});
