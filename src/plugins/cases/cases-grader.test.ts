import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BadInputError, contentHash, defineCase, TouchstoneError, UNKNOWN_TELEMETRY } from "../../contract/index.js";
import { casesPlugin } from "./cases-plugin.js";
import { benchmarksWith, gradeCase, loadCases } from "./test-context.js";

const TICKET = `id: crash
input:
  prompt: Classify this ticket.
checks:
  - { metric: label, regex: '^\\s*bug\\b', flags: i }
  - { metric: area, contains: [billing page, card], case_sensitive: false }
  - { metric: polite, regex: sorry, flags: i, must_match: false }
`;

describe("the cases grader", () => {
	it("returns every metric and a composite weighted as grading.weights says", async () => {
		const context = benchmarksWith({ "crash.yaml": TICKET }, "weights: { label: 2, polite: 0.5 }\n");
		const [data] = await loadCases(context);
		if (data === undefined) throw new Error("no case");
		// label 1 (weight 2), area 1/2 (weight 1, unlisted), polite 0 (weight 0.5):
		// (2 × 1 + 1 × 0.5 + 0.5 × 0) / 3.5 = 2.5 / 3.5
		const scores = await gradeCase(context, data, "Bug - the billing page. Sorry!");
		expect(Object.keys(scores)).toEqual(["label", "area", "polite", "composite"]);
		expect(scores.area?.value).toBe(0.5);
		expect(scores.polite?.value).toBe(0);
		expect(scores.composite?.value).toBeCloseTo(2.5 / 3.5, 10);
		expect(scores.composite).toMatchObject({ score_type: "absolute", grader_version: "composite@1" });
	});

	it("weighs every metric equally without weights", async () => {
		const context = benchmarksWith({ "crash.yaml": TICKET });
		const [data] = await loadCases(context);
		if (data === undefined) throw new Error("no case");
		const scores = await gradeCase(context, data, "bug: billing page, card");
		expect(scores.composite?.value).toBe(1);
		expect((await gradeCase(context, data, "feature-request"))?.composite?.value).toBeCloseTo(1 / 3, 10);
	});

	it("returns the checks' metrics alone when the headline is one of them", async () => {
		const context = benchmarksWith({ "crash.yaml": TICKET }, "headline: label\n");
		const [data] = await loadCases(context);
		if (data === undefined) throw new Error("no case");
		const scores = await gradeCase(context, data, "bug");
		expect(Object.keys(scores)).toEqual(["label", "area", "polite"]);
	});

	it("applies the default checks to a case without its own, and keeps them in its config", async () => {
		const context = benchmarksWith(
			{ "a.yaml": "input: { prompt: a }\n" },
			"checks:\n  - { metric: label, exact: billing, case_sensitive: false }\n",
		);
		const [data] = await loadCases(context);
		if (data === undefined) throw new Error("no case");
		expect((await gradeCase(context, data, "Billing")).label?.value).toBe(1);
		expect(casesPlugin.createGrader(context).config).toEqual({
			headline: "composite",
			weights: {},
			checks: [{ metric: "label", exact: "billing", case_sensitive: false, trim: true, normalize_whitespace: false }],
		});
	});

	it("scores a harness error 0 on every metric, saying why", async () => {
		const context = benchmarksWith({ "crash.yaml": TICKET });
		const [data] = await loadCases(context);
		if (data === undefined) throw new Error("no case");
		const scores = await gradeCase(context, data, null, { status: "harness_error", error: "runner crashed" });
		expect(Object.values(scores).map((score) => score.value)).toEqual([0, 0, 0, 0]);
		expect(scores.composite?.reasoning).toContain("the harness failed: runner crashed");
	});

	it("refuses a bad grading block when the grader is created", () => {
		const context = benchmarksWith({ "crash.yaml": TICKET }, "weights: { label: -1 }\n");
		expect(() => casesPlugin.createGrader(context)).toThrow(BadInputError);
	});

	it("throws a grader error for a case without checks from elsewhere", async () => {
		const grader = casesPlugin.createGrader(benchmarksWith({ "crash.yaml": TICKET }));
		const [data] = await loadCases(benchmarksWith({ "crash.yaml": TICKET }));
		if (data === undefined) throw new Error("no case");
		const attempt = {
			final: "bug",
			trace: [],
			telemetry: UNKNOWN_TELEMETRY,
			status: "completed" as const,
			error: null,
			runner_provenance: { runner: "test", runner_version: "1", details: {} },
			diff: null,
			raw: null,
		};
		await expect(
			grader.grade(
				{ case: defineCase({ ...data, reference: null }), attempt },
				{ signal: new AbortController().signal },
			),
		).rejects.toThrow(TouchstoneError);
	});
});

describe("a case's checks", () => {
	it("change its reference, hence its cell key, when edited, and leave its input hash alone", async () => {
		const context = benchmarksWith({ "crash.yaml": TICKET });
		const [before] = await loadCases(context);
		writeFileSync(context.case_files[0] as string, TICKET.replace("card]", "credit card]"));
		const [after] = await loadCases(context);
		if (before === undefined || after === undefined) throw new Error("no case");
		expect(contentHash(after.reference)).not.toBe(contentHash(before.reference));
		expect(defineCase(after).inputHash()).toBe(defineCase(before).inputHash());
	});

	it("do not change when only the threshold is edited", async () => {
		const context = benchmarksWith({ "crash.yaml": TICKET });
		const [before] = await loadCases(context);
		writeFileSync(context.case_files[0] as string, `${TICKET}threshold: 0.5\n`);
		const [after] = await loadCases(context);
		expect(after?.reference).toEqual(before?.reference);
		expect(after?.threshold).toBe(0.5);
	});
});
