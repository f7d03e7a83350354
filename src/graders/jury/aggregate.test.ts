import { describe, expect, it } from "vitest";
import type { JuryVote, Score } from "../../contract/index.js";
import { aggregateVotes, juryConfidence, majority, mean, populationStdev } from "./aggregate.js";
import { defineRubric } from "./rubric.js";

const rubric = defineRubric({
	numeric: {
		fact_recall: { weight: 2, description: "a" },
		faithfulness: { weight: 2, description: "b" },
		conciseness: { weight: 1, description: "c" },
	},
	gates: { hallucination: { description: "d" } },
	critical_failure: { gate: "hallucination", cap: 0.2 },
});

function vote(juror: string, fields: Record<string, number | boolean>, rationale = `${juror} says so.`): JuryVote {
	return { juror, fields, rationale, error: null };
}
const failed: JuryVote = { juror: "c", fields: null, rationale: null, error: "the reply is not JSON" };

function aggregate(votes: JuryVote[], panelSize = votes.length): Record<string, Score> {
	const scores = aggregateVotes(votes, {
		rubric,
		panelSize,
		judgePanelVersion: "jury@v1",
		graderVersion: "jury@1",
	});
	return Object.fromEntries(scores.map((score) => [score.metric, score]));
}

describe("the statistics", () => {
	it("compute the mean, the population standard deviation and the majority", () => {
		expect(mean([0.9, 0.8, 0.4])).toBeCloseTo(0.7);
		// deviations 0.2, 0.1, -0.3: squares 0.04 + 0.01 + 0.09 = 0.14, / 3, square root
		expect(populationStdev([0.9, 0.8, 0.4])).toBeCloseTo(Math.sqrt(0.14 / 3));
		expect(populationStdev([0, 1])).toBe(0.5);
		expect(majority([true, true, false])).toBe(true);
		expect(majority([true, false])).toBe(false);
		expect(majority([false, false, true])).toBe(false);
	});

	it("derive confidence as clamp(1 − 2 × disagreement) × valid / panel", () => {
		expect(juryConfidence(0, 2, 2)).toBe(1);
		expect(juryConfidence(0.5, 2, 2)).toBe(0);
		expect(juryConfidence(0.1, 2, 2)).toBeCloseTo(0.8);
		expect(juryConfidence(0.1, 2, 3)).toBeCloseTo(0.8 * (2 / 3));
		expect(juryConfidence(0.7, 1, 1)).toBe(0);
	});
});

describe("aggregateVotes", () => {
	it("averages numeric fields, measures disagreement and weighs the composite, by hand", () => {
		const scores = aggregate([
			vote("a", { fact_recall: 0.9, faithfulness: 1, conciseness: 0.6, hallucination: false }),
			vote("b", { fact_recall: 0.7, faithfulness: 0.8, conciseness: 0.8, hallucination: false }),
		]);
		// means 0.8, 0.9, 0.7; each field's stdev is 0.1
		expect(scores.fact_recall).toMatchObject({ score_type: "absolute", judge_panel_version: "jury@v1" });
		expect(scores.fact_recall?.value).toBeCloseTo(0.8);
		expect(scores.fact_recall?.inter_judge_disagreement).toBeCloseTo(0.1);
		expect(scores.fact_recall?.confidence).toBeCloseTo(0.8);
		expect(scores.fact_recall?.reasoning).toBe("mean of 2 valid votes: 0.9 (a), 0.7 (b) = 0.8");
		// (2 × 0.8 + 2 × 0.9 + 1 × 0.7) / 5 = 0.82
		expect(scores.composite?.value).toBeCloseTo(0.82);
		expect(scores.composite?.inter_judge_disagreement).toBeCloseTo(0.1);
		expect(scores.composite?.confidence).toBeCloseTo(0.8);
		expect(scores.composite).toMatchObject({ critical_failure: false, gate_meta: null, grader_version: "jury@1" });
		expect(scores.composite?.extras).toMatchObject({
			weights: { fact_recall: 0.4, faithfulness: 0.4, conciseness: 0.2 },
		});
		// a: (1.8 + 2 + 0.6) / 5 = 0.88; b: (1.4 + 1.6 + 0.8) / 5 = 0.76
		const composites = scores.composite?.extras?.juror_composites as Record<string, number>;
		expect(composites.a).toBeCloseTo(0.88);
		expect(composites.b).toBeCloseTo(0.76);
		expect(scores.hallucination).toMatchObject({ score_type: "boolean", value: 0, value_label: "false" });
		expect(scores.hallucination?.confidence).toBe(1);
		expect(scores.composite?.jury_votes).toHaveLength(2);
		expect(scores.composite?.reasoning).toContain("a: a says so. | b: b says so.");
	});

	it("caps the composite when the gate's majority trips, recording the uncapped value", () => {
		const scores = aggregate([
			vote("a", { fact_recall: 1, faithfulness: 0.5, conciseness: 1, hallucination: true }),
			vote("b", { fact_recall: 1, faithfulness: 0.3, conciseness: 1, hallucination: true }),
			vote("c", { fact_recall: 1, faithfulness: 0.7, conciseness: 1, hallucination: false }),
		]);
		// uncapped (2 × 1 + 2 × 0.5 + 1 × 1) / 5 = 0.8, capped at 0.2
		expect(scores.composite?.value).toBe(0.2);
		expect(scores.composite?.value_label).toBe("0.2 (capped)");
		expect(scores.composite?.critical_failure).toBe(true);
		expect(scores.composite?.gate_meta).toEqual({
			gate: "hallucination",
			cap: 0.2,
			votes: { a: true, b: true, c: false },
			uncapped: expect.closeTo(0.8),
		});
		expect(scores.hallucination?.value).toBe(1);
		// two true votes of three: stdev sqrt(2/3 × 1/3)
		expect(scores.hallucination?.inter_judge_disagreement).toBeCloseTo(Math.sqrt(2 / 9));
		expect(scores.composite?.reasoning).toContain("hallucination tripped, so capped at 0.2");
	});

	it("keeps a composite already under the cap as it is, still flagged", () => {
		const scores = aggregate([vote("a", { fact_recall: 0.1, faithfulness: 0, conciseness: 0.5, hallucination: true })]);
		// (0.2 + 0 + 0.5) / 5 = 0.14 < 0.2
		expect(scores.composite?.value).toBeCloseTo(0.14);
		expect(scores.composite?.critical_failure).toBe(true);
	});

	it("does not trip a gate on a tie, and shows the split as disagreement", () => {
		const scores = aggregate([
			vote("a", { fact_recall: 1, faithfulness: 1, conciseness: 1, hallucination: true }),
			vote("b", { fact_recall: 1, faithfulness: 1, conciseness: 1, hallucination: false }),
		]);
		expect(scores.hallucination).toMatchObject({ value: 0, inter_judge_disagreement: 0.5, confidence: 0 });
		expect(scores.hallucination?.reasoning).toBe(
			"hallucination is false: 1 of 2 valid votes said true (a tie counts as false)",
		);
		expect(scores.composite).toMatchObject({ value: 1, critical_failure: false, gate_meta: null });
	});

	it("leaves failed votes out of every number but keeps them on every score", () => {
		const scores = aggregate(
			[
				vote("a", { fact_recall: 0.6, faithfulness: 0.6, conciseness: 0.6, hallucination: false }),
				vote("b", { fact_recall: 0.8, faithfulness: 0.8, conciseness: 0.8, hallucination: false }),
				failed,
			],
			3,
		);
		expect(scores.fact_recall?.value).toBeCloseTo(0.7);
		// stdev 0.1 on every field: (1 − 0.2) × 2/3
		expect(scores.composite?.confidence).toBeCloseTo(0.8 * (2 / 3));
		expect(scores.fact_recall?.jury_votes).toContainEqual(failed);
		expect(scores.fact_recall?.reasoning).toBe(
			"mean of 2 valid votes: 0.6 (a), 0.8 (b) = 0.7; 1 failed vote left out (c)",
		);
		expect(scores.composite?.reasoning).toContain("c (failed vote): the reply is not JSON");
	});
});
