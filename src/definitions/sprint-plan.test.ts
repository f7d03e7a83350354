import { describe, expect, it } from "vitest";
import { planMilestones } from "./sprint-plan.js";

describe("the milestones of a sprint plan", () => {
	it("reads each ## Mnn heading as a milestone whose section runs to the next heading", () => {
		const plan = [
			"# Refactor the parser",
			"Why we do this.",
			"",
			"## M01 Extract the tokenizer",
			"",
			"Move `tokenize` to its own module.",
			"### Done when",
			"- tests pass",
			"",
			"## M2: Replace the recursive descent",
			"Use a Pratt parser.",
			"## Notes",
			"Not a milestone.",
			"## M03 — Delete the old parser",
			"Remove src/old.ts and its tests.",
		].join("\n");
		const { milestones, problems } = planMilestones(plan);
		expect(problems).toEqual([]);
		expect(milestones).toEqual([
			{
				id: "M01",
				title: "Extract the tokenizer",
				body: "Move `tokenize` to its own module.\n### Done when\n- tests pass",
			},
			{ id: "M02", title: "Replace the recursive descent", body: "Use a Pratt parser." },
			{ id: "M03", title: "Delete the old parser", body: "Remove src/old.ts and its tests." },
		]);
	});

	it("keeps headings inside fenced code as text", () => {
		const plan = ["## M01 Write the docs", "```md", "## M02 not a milestone", "```", "after"].join("\n");
		const { milestones, problems } = planMilestones(plan);
		expect(problems).toEqual([]);
		expect(milestones).toEqual([
			{ id: "M01", title: "Write the docs", body: "```md\n## M02 not a milestone\n```\nafter" },
		]);
	});

	it("names the line of a repeated, out-of-order or untitled milestone, and a plan without any", () => {
		const { problems } = planMilestones(
			["## M01 One", "## M03 Three", "## M02 Two", "## M03 Again", "## M04"].join("\n"),
		);
		expect(problems.map((problem) => [problem.line, problem.message])).toEqual([
			[3, "milestone M02 comes after M03"],
			[4, "milestone M03 is defined twice"],
			[5, "milestone M04 has no title"],
		]);
		const none = planMilestones("# A plan\n\nSome prose.\n### M01 too deep\n");
		expect(none.milestones).toEqual([]);
		expect(none.problems).toEqual([
			expect.objectContaining({ line: null, message: "the plan has no milestone headings" }),
		]);
	});
});
