import { describe, expect, it } from "vitest";
import type { BadInputError } from "../contract/index.js";
import { RegexTimeoutError } from "./bounded-regex.js";
import { createRegexGrader } from "./regex.js";
import { gradeOne } from "./testing.js";

describe("regex", () => {
	it("passes when the output matches and quotes the match", async () => {
		const score = await gradeOne(createRegexGrader({ pattern: "\\d{4}-\\d{2}-\\d{2}" }), "It is 2025-02-07.");
		expect(score).toMatchObject({ metric: "regex", score_type: "boolean", value: 1, extras: { match: "2025-02-07" } });
		expect(score.reasoning).toContain('"2025-02-07" at character 6');
	});

	it("fails when it does not match", async () => {
		const score = await gradeOne(createRegexGrader({ pattern: "^bug$" }), "a bug");
		expect(score.value).toBe(0);
		expect(score.reasoning).toBe('the output does not match /^bug$/: "a bug"');
	});

	it("with must_match false, fails on a match and passes without one", async () => {
		const grader = createRegexGrader({ pattern: "sorry", flags: "i", must_match: false, metric: "no_apology" });
		const apology = await gradeOne(grader, "Sorry, I cannot.");
		expect(apology).toMatchObject({ metric: "no_apology", value: 0 });
		expect(apology.reasoning).toContain("must not match /sorry/i");
		expect((await gradeOne(grader, "Here it is.")).value).toBe(1);
	});

	it("gives the same answer every time even with the g flag", async () => {
		const grader = createRegexGrader({ pattern: "a", flags: "g" });
		for (let round = 0; round < 3; round++) expect((await gradeOne(grader, "a")).value).toBe(1);
	});

	it("handles unicode with the u flag and an empty output", async () => {
		const grader = createRegexGrader({ pattern: "^\\p{Lu}", flags: "u" });
		expect((await gradeOne(grader, "Übersicht")).value).toBe(1);
		expect((await gradeOne(grader, "")).value).toBe(0);
	});

	it("refuses a pattern that does not compile, and bad flags, naming the option", () => {
		const pathOf = (make: () => unknown) => {
			try {
				make();
			} catch (error) {
				return (error as BadInputError).issues.map((issue) => [issue.path, issue.message]);
			}
			return [];
		};
		const [pattern] = pathOf(() => createRegexGrader({ pattern: "(unclosed" }));
		expect(pattern?.[0]).toBe("pattern");
		expect(pattern?.[1]).toContain("does not compile");
		expect(pathOf(() => createRegexGrader({ pattern: "a", flags: "q" }))[0]?.[0]).toBe("flags");
	});
});

describe("regex under a time bound", () => {
	it("throws a timeout naming the pattern, the check, the case and the fix for catastrophic backtracking", async () => {
		const grader = createRegexGrader({ pattern: "(a+)+$", metric: "shape", time_limit_ms: 200 });
		const started = performance.now();
		const error = await gradeOne(grader, `${"a".repeat(40)}b`).catch((caught: unknown) => caught);
		expect(performance.now() - started).toBeLessThan(3_000);
		expect(error).toBeInstanceOf(RegexTimeoutError);
		expect((error as Error).message).toContain('/(a+)+$/ of check "shape" on case case');
		expect((error as Error).message).toContain("fix: simplify the pattern");
		expect((await gradeOne(grader, "aaa")).value).toBe(1);
	});
});
