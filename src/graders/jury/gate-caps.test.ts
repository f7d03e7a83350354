import { describe, expect, it } from "vitest";
import { BadInputError, type JuryVote, type Score } from "../../contract/index.js";
import { aggregateVotes } from "./aggregate.js";
import { criticalFailureRules, defineRubric, rubricJson } from "./rubric.js";

/* Gates with their own `cap` (the rubric a use case writes in YAML): each is a critical failure. */

const rubric = defineRubric({
	numeric: { accuracy: { weight: 2, description: "a" }, tone: { weight: 1, description: "b" } },
	gates: {
		promises_refund: { cap: 0.2, description: "c" },
		leaks_data: { cap: 0.1, description: "d" },
		off_topic: { description: "e" },
	},
});

function composite(...votes: Record<string, number | boolean>[]): Score | undefined {
	const juryVotes: JuryVote[] = votes.map((fields, index) => ({
		juror: `j${index}`,
		fields,
		rationale: "So.",
		error: null,
	}));
	const scores = aggregateVotes(juryVotes, {
		rubric,
		panelSize: votes.length,
		judgePanelVersion: "jury@v1",
		graderVersion: "jury@1",
	});
	return scores.find((score) => score.metric === "composite");
}

const clean = { accuracy: 0.9, tone: 0.6, promises_refund: false, leaks_data: false, off_topic: false };

describe("gates with a cap", () => {
	it("are the rubric's critical-failure rules, in gate order, and enter its JSON", () => {
		expect(criticalFailureRules(rubric)).toEqual([
			{ gate: "promises_refund", cap: 0.2 },
			{ gate: "leaks_data", cap: 0.1 },
		]);
		const json = rubricJson(rubric);
		expect(json.gates).toEqual({
			promises_refund: { description: "c" },
			leaks_data: { description: "d", cap: 0.1 },
			off_topic: { description: "e" },
		});
		expect(json.critical_failure).toEqual({ gate: "promises_refund", cap: 0.2 });
	});

	it("give the same JSON as the critical_failure spelling of the same rubric", () => {
		const numeric = { accuracy: { weight: 1, description: "a" } };
		const capped = defineRubric({
			numeric,
			gates: { leak: { cap: 0.3, description: "l" }, rude: { description: "r" } },
		});
		const spelled = defineRubric({
			numeric,
			gates: { leak: { description: "l" }, rude: { description: "r" } },
			critical_failure: { gate: "leak", cap: 0.3 },
		});
		expect(rubricJson(capped)).toEqual(rubricJson(spelled));
		expect(rubricJson(defineRubric({ numeric, gates: { leak: { cap: 0.4, description: "l" } } }))).not.toEqual(
			rubricJson(capped),
		);
	});

	it("leave the composite alone when no capped gate trips, even when an uncapped one does", () => {
		const score = composite({ ...clean, off_topic: true }, { ...clean, off_topic: true });
		// (2 × 0.9 + 1 × 0.6) / 3 = 0.8
		expect(score?.value).toBeCloseTo(0.8);
		expect(score?.critical_failure).toBe(false);
		expect(score?.gate_meta).toBeNull();
		expect(score?.reasoning).toContain("promises_refund, leaks_data did not trip");
	});

	it("cap the composite when the majority trips one", () => {
		const score = composite({ ...clean, promises_refund: true }, { ...clean, promises_refund: true }, clean);
		expect(score?.value).toBe(0.2);
		expect(score).toMatchObject({ critical_failure: true, value_label: "0.2 (capped)" });
		expect(score?.gate_meta).toMatchObject({
			gate: "promises_refund",
			cap: 0.2,
			votes: { j0: true, j1: true, j2: false },
		});
		expect(score?.gate_meta?.uncapped).toBeCloseTo(0.8);
	});

	it("apply the lowest cap when several trip", () => {
		const both = { ...clean, promises_refund: true, leaks_data: true };
		const score = composite(both, both);
		expect(score?.value).toBe(0.1);
		expect(score?.gate_meta).toMatchObject({ gate: "leaks_data", cap: 0.1 });
		expect(score?.reasoning).toContain("promises_refund, leaks_data tripped, so capped at 0.1");
	});

	it("refuse a cap outside 0..1, and a gate capped both by critical_failure and its own cap", () => {
		const problems = (value: unknown) => {
			try {
				defineRubric(value);
			} catch (error) {
				if (error instanceof BadInputError) return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
			}
			return [];
		};
		expect(
			problems({ numeric: { a: { weight: 1, description: "a" } }, gates: { g: { cap: 1.5, description: "g" } } }),
		).toEqual(["rubric.gates.g.cap: expected a cap <= 1"]);
		expect(
			problems({
				numeric: { a: { weight: 1, description: "a" } },
				gates: { g: { cap: 0.5, description: "g" } },
				critical_failure: { gate: "g", cap: 0.2 },
			}),
		).toEqual(["rubric.critical_failure: `g` is capped twice, by `critical_failure` and by its own `cap`"]);
	});
});
