import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BadInputError, type CaseData, defineCase, type InputIssue, modelKeyPart } from "../../contract/index.js";
import { findPlugin } from "../index.js";
import { summarizationPlugin, summarizationPrompt } from "./summarization-plugin.js";
import { attemptWith, fakePanel, issuesOf, juryBenchmarksWith } from "./test-context.js";

const signal = new AbortController().signal;
const EXAMPLES = fileURLToPath(new URL("../../../examples/benchmarks", import.meta.url));

const CASE = `input:
  source: The meeting moved to Tuesday.
reference:
  key_facts: [The meeting moved to Tuesday.]
`;

function load(context: ReturnType<typeof juryBenchmarksWith>): Promise<readonly CaseData[]> {
	return summarizationPlugin.createCaseSource(context).loadCases({ signal });
}

function where(issue: InputIssue): string {
	return `${basename(issue.source)}:${issue.line}:${issue.column} ${issue.path}`;
}

const VERDICT = (fields: string) => `{${fields}, "rationale": "One sentence."}`;

describe("the summarization plugin", () => {
	it("is registered, jury-graded, with the composite as headline", () => {
		expect(findPlugin("summarization")).toBe(summarizationPlugin);
		expect(summarizationPlugin).toMatchObject({ usesJury: true, defaultHeadline: "composite" });
	});

	it("loads the example pack: floor and ceiling cases, a prompt built from each source", async () => {
		const files = ["incident-report", "launch-meeting", "quarterly-update", "sleep-study"].map((name) =>
			join(EXAMPLES, "packs", "summarization", `${name}.yaml`),
		);
		const context = { ...juryBenchmarksWith("summarization", {}), benchmarks_dir: EXAMPLES, case_files: files };
		const cases = await load(context);
		expect(cases.map((data) => [data.id, data.kind])).toEqual([
			["incident-report", "floor"],
			["launch-meeting", "ceiling"],
			["quarterly-update", "floor"],
			["sleep-study", "floor"],
		]);
		for (const data of cases) {
			expect(data.input.prompt).toBe(summarizationPrompt(String(data.input.source)));
			const facts = data.reference?.key_facts;
			expect(Array.isArray(facts) && facts.length >= 3, data.id).toBe(true);
			expect(data.threshold).toBe(0.7);
		}
	});

	it("keeps an explicit prompt, a case threshold and a `cases:` list", async () => {
		const list = `cases:\n  - id: one\n    threshold: 0.9\n    ${CASE.replaceAll("\n", "\n    ").trimEnd()}\n  - id: two\n    input: { source: Text., prompt: "Summarize: Text." }\n    reference: { key_facts: [Text.] }\n`;
		const cases = await load(juryBenchmarksWith("summarization", { "list.yaml": list }, "threshold: 0.6\n"));
		expect(cases.map((data) => [data.id, data.threshold, data.input.prompt])).toEqual([
			["one", 0.9, summarizationPrompt("The meeting moved to Tuesday.")],
			["two", 0.6, "Summarize: Text."],
		]);
	});

	it("names bad case files by file, line and column, all at once", async () => {
		const issues = await issuesOf(() =>
			load(
				juryBenchmarksWith("summarization", {
					"a.yaml": "input:\n  sorce: Text.\nreference:\n  key_facts: [Text.]\n",
					"b.yaml": "input: { source: Text. }\nreference:\n  key_facts: []\n",
					"c.yaml": "input: { source: Text. }\n",
					"d.yaml": "",
				}),
			),
		);
		expect(issues.map((issue) => `${where(issue)}: ${issue.message}`)).toEqual([
			"a.yaml:2:3 input.sorce: unknown key `sorce`; expected one of: source, prompt, system_prompt, max_tokens, temperature",
			"a.yaml:2:3 input.source: missing required key `source` (a string)",
			"b.yaml:3:14 reference.key_facts: expected at least 1 item, found 0",
			"c.yaml:1:1 reference: missing required key `reference` (a mapping)",
			"d.yaml:1:1 : the case is empty",
		]);
		expect(issues[0]?.fix).toBe("did you mean `source`?");
	});

	it("points at both places of a duplicate id", async () => {
		const issues = await issuesOf(() =>
			load(juryBenchmarksWith("summarization", { "twin.yaml": CASE, "b.yaml": `id: twin\n${CASE}` })),
		);
		expect(issues.map(where)).toEqual(["b.yaml:1:5 id", "twin.yaml:1:1 "]);
		expect(issues[1]?.message).toMatch(
			/^duplicate case id `twin` \(from the file name\); also defined at .*b\.yaml:1:5$/,
		);
	});

	it("places grading problems on their line of use_cases.yaml, suggesting the field meant", async () => {
		const context = juryBenchmarksWith(
			"summarization",
			{ "a.yaml": CASE },
			"weights: { fact_recal: 2, conciseness: -1 }\ncap: 2\nthreshhold: 0.5\n",
		);
		const issues = await issuesOf(() => load(context));
		expect(issues.map((issue) => `${where(issue)}: ${issue.message}`)).toEqual([
			"use_cases.yaml:8:18 use_cases[1].grading.weights.fact_recal: unknown key `fact_recal`; expected one of: fact_recall, faithfulness, conciseness",
			"use_cases.yaml:8:46 use_cases[1].grading.weights.conciseness: expected a number >= 0, found the number -1",
			"use_cases.yaml:9:12 use_cases[1].grading.cap: expected a number <= 1, found the number 2",
			"use_cases.yaml:10:7 use_cases[1].grading.threshhold: unknown key `threshhold`; expected one of: weights, cap, threshold",
		]);
		expect(issues[0]?.fix).toBe("did you mean `fact_recall`?");
		await expect(issuesOf(() => summarizationPlugin.createGrader(context))).resolves.toHaveLength(4);
	});

	it("refuses weights that sum to zero", async () => {
		const context = juryBenchmarksWith(
			"summarization",
			{ "a.yaml": CASE },
			"weights: { fact_recall: 0, faithfulness: 0, conciseness: 0 }\n",
		);
		const issues = await issuesOf(() => summarizationPlugin.createGrader(context));
		expect(issues.map((issue) => `${where(issue)}: ${issue.message}`)).toEqual([
			"use_cases.yaml:8:16 use_cases[1].grading.weights: the weights of fact_recall, faithfulness, conciseness sum to 0, so the composite is undefined",
		]);
	});

	it("puts the rubric, with the use case's weights and cap, and the panel in the grader's config", () => {
		const { panel } = fakePanel({ "judge/a": "{}" });
		const context = juryBenchmarksWith("summarization", {}, "weights: { conciseness: 0.5 }\ncap: 0.1\n", panel);
		const grader = summarizationPlugin.createGrader(context);
		expect(grader).toMatchObject({ id: "jury", headline: "composite" });
		expect(grader.config).toMatchObject({
			metric: "composite",
			panel: { jurors: panel.jurors.map((juror) => modelKeyPart(juror.model)), quorum: panel.quorum },
			rubric: {
				numeric: { fact_recall: { weight: 2 }, faithfulness: { weight: 2 }, conciseness: { weight: 0.5 } },
				gates: { hallucination: {} },
				critical_failure: { gate: "hallucination", cap: 0.1 },
			},
		});
	});

	it("refuses to build a grader without a judge panel", async () => {
		const issues = await issuesOf(() => summarizationPlugin.createGrader(juryBenchmarksWith("summarization", {})));
		expect(issues[0]?.message).toBe("the `summarization` plugin needs a judge panel, and none was resolved");
	});

	it("grades a summary with the jury: source, key facts and output in the prompt, the gate capping", async () => {
		const { panel, requests } = fakePanel({
			"judge/a": VERDICT('"fact_recall": 1, "faithfulness": 0.5, "conciseness": 1, "hallucination": true'),
			"judge/b": VERDICT('"fact_recall": 0.8, "faithfulness": 0.7, "conciseness": 0.8, "hallucination": true'),
		});
		const context = juryBenchmarksWith("summarization", { "a.yaml": CASE }, "", panel);
		const [data] = await load(context);
		const grader = summarizationPlugin.createGrader(context);
		const scores = await grader.grade(
			{ case: defineCase(data as CaseData), attempt: attemptWith("It moved to Wednesday, said the CEO.") },
			{ signal },
		);
		const composite = scores.find((score) => score.metric === "composite");
		// means 0.9, 0.6, 0.9: (2 × 0.9 + 2 × 0.6 + 0.9) / 5 = 0.78, capped at 0.2
		expect(composite).toMatchObject({ value: 0.2, critical_failure: true, judge_panel_version: "jury@test" });
		expect(composite?.gate_meta?.uncapped).toBeCloseTo(0.78);
		const prompt = requests[0]?.request.messages.map((message) => message.content).join("\n") ?? "";
		expect(prompt).toContain("The meeting moved to Tuesday.");
		expect(prompt).toContain("key facts:\n- The meeting moved to Tuesday.");
		expect(prompt).toContain("## Output to grade\nIt moved to Wednesday, said the CEO.");
		expect(prompt).not.toContain("vendor/candidate");
		expect(requests[0]?.request).toMatchObject({ temperature: 0, response_format: "json" });
	});

	it("refuses a cap below 0 when building the grader", () => {
		const { panel } = fakePanel({ "judge/a": "{}" });
		expect(() => summarizationPlugin.createGrader(juryBenchmarksWith("summarization", {}, "cap: -1\n", panel))).toThrow(
			BadInputError,
		);
	});
});
