import { describe, expect, it } from "vitest";
import { createSimilarGrader, levenshtein, MAX_SIMILAR_OUTPUT } from "./similar.js";
import { gradeOne } from "./testing.js";

const codes = (text: string) => Array.from(text, (char) => char.codePointAt(0) ?? 0);

describe("levenshtein", () => {
	it.each([
		["kitten", "sitting", 3],
		["", "abc", 3],
		["flaw", "lawn", 2],
		["😀a", "a", 1],
	])("%j to %j is %d", (a, b, distance) => {
		expect(levenshtein(codes(a), codes(b))).toBe(distance);
	});
});

describe("similar", () => {
	it("passes at or above min and records the similarity", async () => {
		const grader = createSimilarGrader({ reference: "kitten", min: 0.5 });
		const score = await gradeOne(grader, "sitting");
		expect(score).toMatchObject({ metric: "similar", value: 1, grader_version: "similar@1" });
		expect(score.extras).toEqual({ similarity: 4 / 7, distance: 3 });
		expect((await gradeOne(createSimilarGrader({ reference: "kitten", min: 0.6 }), "sitting")).value).toBe(0);
	});

	it("counts code points, collapses whitespace and folds case only when asked", async () => {
		expect((await gradeOne(createSimilarGrader({ reference: "a😀b", min: 1 }), "a😀b")).value).toBe(1);
		expect((await gradeOne(createSimilarGrader({ reference: "a  b\n c", min: 1 }), " a b c ")).value).toBe(1);
		const folded = createSimilarGrader({ reference: "Paris", min: 1, case_sensitive: false });
		expect((await gradeOne(folded, "PARIS")).value).toBe(1);
		expect((await gradeOne(createSimilarGrader({ reference: "Paris", min: 1 }), "PARIS")).extras).toEqual({
			similarity: 0.2,
			distance: 4,
		});
	});

	it("grades a 4 MiB output against a long reference quickly, never overstating it", async () => {
		const reference = "lorem ipsum ".repeat(300).trim();
		const output = "lorem ipsum ".repeat(350_000);
		const started = performance.now();
		const score = await gradeOne(createSimilarGrader({ reference, min: 0 }), output);
		expect(performance.now() - started).toBeLessThan(3000);
		const distance = (score.extras as { distance: number }).distance;
		expect(distance).toBeGreaterThanOrEqual(output.trim().length - reference.length);
		expect(score.reasoning).toContain(`first ${MAX_SIMILAR_OUTPUT} code points`);
	});

	it("refuses a min outside [0, 1] and an over-long reference", () => {
		expect(() => createSimilarGrader({ reference: "x", min: 1.5 })).toThrow(/min/);
		expect(() => createSimilarGrader({ reference: "x".repeat(5000), min: 0.5 })).toThrow(/reference/);
	});
});
