import { describe, expect, it } from "vitest";
import { createExactGrader } from "./exact.js";
import { gradeOne } from "./testing.js";

describe("exact", () => {
	it("passes on the same text, ignoring surrounding whitespace by default", async () => {
		const score = await gradeOne(createExactGrader({ expected: "billing" }), "  billing\n");
		expect(score).toMatchObject({ metric: "exact", score_type: "boolean", value: 1, grader_version: "exact@1" });
		expect(score).toMatchObject({ critical_failure: false, jury_votes: null, judge_panel_version: null });
	});

	it("fails on another answer and quotes both", async () => {
		const score = await gradeOne(createExactGrader({ expected: "billing", metric: "label" }), "bug");
		expect(score).toMatchObject({ metric: "label", value: 0, value_label: "fail" });
		expect(score.reasoning).toBe('expected "billing", got "bug"');
	});

	it("is case sensitive by default and says when case is the only difference", async () => {
		const score = await gradeOne(createExactGrader({ expected: "billing" }), "Billing");
		expect(score.value).toBe(0);
		expect(score.reasoning).toContain("differs only in case");
	});

	it("folds case fully when asked (ß matches SS, final sigma matches capital sigma)", async () => {
		const grader = createExactGrader({ expected: "Straße ΟΔΟΣ", case_sensitive: false });
		expect((await gradeOne(grader, "STRASSE οδος")).value).toBe(1);
		expect((await gradeOne(grader, "strasse οδοσ")).value).toBe(1);
		expect((await gradeOne(grader, "strase οδος")).value).toBe(0);
	});

	it("treats composed and decomposed accents as equal", async () => {
		const grader = createExactGrader({ expected: "caf\u00e9" });
		expect((await gradeOne(grader, "cafe\u0301")).value).toBe(1);
	});

	it("keeps whitespace when trim is off, and collapses it when asked", async () => {
		expect((await gradeOne(createExactGrader({ expected: "a b", trim: false }), " a b")).value).toBe(0);
		const collapsing = createExactGrader({ expected: "Brightline Studio GmbH", normalize_whitespace: true });
		expect((await gradeOne(collapsing, "Brightline\n  Studio\tGmbH")).value).toBe(1);
		expect((await gradeOne(createExactGrader({ expected: "a b" }), "a  b")).value).toBe(0);
	});

	it("fails an empty output with a reason that says it was empty", async () => {
		const score = await gradeOne(createExactGrader({ expected: "billing" }), "");
		expect(score.value).toBe(0);
		expect(score.reasoning).toContain("an empty output");
	});

	it("scores a harness error or a missing output 0 with the reason", async () => {
		const grader = createExactGrader({ expected: "billing" });
		const harness = await gradeOne(grader, "billing", { status: "harness_error", error: "spawn ENOENT" });
		expect(harness.value).toBe(0);
		expect(harness.reasoning).toContain("harness failed: spawn ENOENT");
		const none = await gradeOne(grader, null, { status: "timeout", error: "no reply in 60 s" });
		expect(none.value).toBe(0);
		expect(none.reasoning).toBe("no output to grade (the attempt ended as timeout: no reply in 60 s)");
	});

	it("exposes its normalized options as config", () => {
		expect(createExactGrader({ expected: "x", case_sensitive: false }).config).toEqual({
			metric: "exact",
			expected: "x",
			case_sensitive: false,
			trim: true,
			normalize_whitespace: false,
		});
	});

	it("refuses a metric name that is not lowercase", () => {
		expect(() => createExactGrader({ expected: "x", metric: "My Metric" })).toThrow(/metric: metric name "My Metric"/);
	});
});
