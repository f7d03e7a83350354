import { describe, expect, it } from "vitest";
import { displayScore, foldSprintRow } from "./fold-row.js";
import { gates, measured, sprintRow, unmeasured } from "./testing-rows.js";

const WEIGHTS = { corpus: 0.5, mutations: 0.3, process: 0.2 };

describe("foldSprintRow", () => {
	it("takes the weighted mean of corpus, mutations and process", () => {
		const folded = foldSprintRow(sprintRow(), WEIGHTS);
		// 0.5 × 0.9 + 0.3 × 0.8 + 0.2 × 1 = 0.89
		expect(folded.code_score).toBeCloseTo(0.89, 10);
		expect(folded.passed).toBe(true);
		expect(folded.review_grade).toBe(4.38);
		expect(folded.missing).toEqual([]);
		// review has no weight, so it is not a part of the code score at all
		expect(folded.parts.map((part) => [part.layer, part.weight, part.score, part.used])).toEqual([
			["corpus", 0.5, 0.9, true],
			["mutations", 0.3, 0.8, true],
			["process", 0.2, 1, true],
		]);
	});

	it("renormalises the weights over the measured layers and lists the unmeasured one with its reason", () => {
		const row = sprintRow();
		const folded = foldSprintRow(
			{
				...row,
				layers: {
					...row.layers,
					corpus: measured("corpus", 0.8),
					mutations: measured("mutations", 0.6),
					process: unmeasured("process", "the run's log is missing"),
				},
			},
			WEIGHTS,
		);
		// (0.5 × 0.8 + 0.3 × 0.6) / (0.5 + 0.3) = 0.58 / 0.8 = 0.725, not (0.58 + 0) / 1
		expect(folded.code_score).toBeCloseTo(0.725, 10);
		expect(displayScore(folded.code_score)).toBe("72.5");
		expect(folded.parts.find((part) => part.layer === "process")).toEqual({
			layer: "process",
			weight: 0.2,
			score: null,
			used: false,
		});
		expect(folded.missing).toEqual([{ layer: "process", reason: "the run's log is missing" }]);
	});

	it("weighs the review in only when the sprint gives it a weight", () => {
		const folded = foldSprintRow(sprintRow(), { ...WEIGHTS, review: 0.25 });
		// review score (4.38 − 1) / 4 = 0.845: (0.5 × 0.9 + 0.3 × 0.8 + 0.2 × 1 + 0.25 × 0.845) / 1.25 = 1.10125 / 1.25 = 0.881
		expect(folded.code_score).toBeCloseTo(0.881, 10);
		expect(folded.parts.map((part) => part.layer)).toEqual(["corpus", "mutations", "process", "review"]);
	});

	it("lists a layer that never ran as missing, and a zero weight as unused but not missing", () => {
		const row = sprintRow();
		const { corpus: _, ...layers } = row.layers;
		const folded = foldSprintRow({ ...row, layers }, { corpus: 0.5, mutations: 0.5 });
		// only mutations: 0.8; process weighs 0
		expect(folded.code_score).toBeCloseTo(0.8, 10);
		expect(folded.parts.find((part) => part.layer === "process")).toMatchObject({ score: 1, used: false });
		expect(folded.missing).toEqual([{ layer: "corpus", reason: "the layer was not run" }]);
	});

	it("gates the pass on the gates layer without weighing it", () => {
		const row = sprintRow();
		const failedGates = foldSprintRow({ ...row, layers: { ...row.layers, gates: gates(false) } }, WEIGHTS);
		expect(failedGates.passed).toBe(false);
		expect(failedGates.code_score).toBeCloseTo(0.89, 10);
		const noGates = foldSprintRow(
			{ ...row, layers: { ...row.layers, gates: unmeasured("gates", "git is not installed") } },
			WEIGHTS,
		);
		expect(noGates.passed).toBe(false);
		expect(noGates.missing).toEqual([{ layer: "gates", reason: "git is not installed" }]);
	});

	it("does not score a failed run on its partial work", () => {
		const folded = foldSprintRow(
			sprintRow({
				outcome: "fail@M02",
				layers: { process: measured("process", 0.7), cost: measured("cost", null) },
			}),
			WEIGHTS,
		);
		expect(folded).toMatchObject({ code_score: null, passed: false, review_grade: null });
		expect(folded.parts.every((part) => part.score === null && !part.used)).toBe(true);
		expect(folded.missing.map((entry) => entry.layer)).toEqual(["gates", "corpus", "mutations", "process", "review"]);
		expect(folded.missing[0]?.reason).toBe("the run ended fail@M02: a failed run is not scored on its partial work");
	});

	it("does not score a harness error either, and says so", () => {
		const folded = foldSprintRow(sprintRow({ outcome: "harness_error" }), WEIGHTS);
		expect(folded).toMatchObject({ code_score: null, passed: false, review_grade: null });
		expect(folded.missing[0]?.reason).toContain("ended in a harness error");
	});

	it("has no code score when no weighted layer was measured, and keeps an unmeasured cost's reason", () => {
		const folded = foldSprintRow(
			sprintRow({
				layers: {
					gates: gates(true),
					corpus: unmeasured("corpus", "no etalon"),
					cost: unmeasured("cost", "no call reported usage"),
				},
			}),
			WEIGHTS,
		);
		expect(folded.code_score).toBeNull();
		expect(displayScore(folded.code_score)).toBe("-");
		expect(folded.missing).toContainEqual({ layer: "cost", reason: "no call reported usage" });
		expect(folded.missing).toContainEqual({ layer: "corpus", reason: "no etalon" });
	});
});

describe("displayScore", () => {
	it("shows 0..1 as 0–100 with one decimal", () => {
		expect(displayScore(0.9125)).toBe("91.3");
		expect(displayScore(0.95)).toBe("95.0");
		expect(displayScore(1)).toBe("100.0");
		expect(displayScore(0)).toBe("0.0");
	});
});
