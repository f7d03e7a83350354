import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { canonicalJson, type JuryPanel, type Score, TouchstoneError } from "../../src/contract/index.js";
import { createJuryGrader, type JurorVote, type JuryRubric } from "../../src/graders/index.js";
import { createModelProvider } from "../../src/providers/index.js";
import { createSingleShotRunner } from "../../src/runners/index.js";
import { type ScriptedServer, startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import {
	attemptWith,
	JURY_SCRIPT,
	outputFor,
	SUMMARY_CASE,
	scriptedEntry,
	scriptedPanel,
	VERDICTS,
} from "./scripted-jurors.js";

const RUBRIC: JuryRubric = {
	numeric: {
		fact_recall: { weight: 2, description: "Share of the key facts the summary states." },
		faithfulness: { weight: 1, description: "How fully the source supports the summary." },
	},
	gates: { hallucination: { description: "True when the summary states anything the source does not support." } },
	critical_failure: { gate: "hallucination", cap: 0.25 },
};

let server: ScriptedServer;

beforeAll(async () => {
	server = await startScriptedServer({ script: validateScript(JURY_SCRIPT) });
});
afterAll(() => server.close());
beforeEach(() => server.resetStats());

/** Grades one output with a panel of these scripted jurors; returns the scores by metric. */
async function grade(
	scenario: string,
	jurors: readonly string[],
	options: { quorum?: number; signal?: AbortSignal } = {},
): Promise<Record<string, Score>> {
	const grader = createJuryGrader({
		rubric: RUBRIC,
		panel: scriptedPanel(server.url, jurors, options.quorum),
		instructions: "The assistant summarized a source text.",
	});
	const scores = await grader.grade(
		{ case: SUMMARY_CASE, attempt: attemptWith(outputFor(scenario)) },
		{ signal: options.signal ?? new AbortController().signal },
	);
	return Object.fromEntries(scores.map((score) => [score.metric, score]));
}

function votesOf(score: Score | undefined): JurorVote[] {
	return (score?.jury_votes ?? []) as JurorVote[];
}

/** The text of every message a juror was sent, request by request. */
function promptsTo(juror: string): string[] {
	return server.requests(juror).map((request) => JSON.stringify(request.body));
}

describe("the jury grader, with jurors on the scripted server", () => {
	it("aggregates clean JSON verdicts into means, disagreement, confidence and a weighted composite", async () => {
		const scores = await grade("clean", ["juror/a", "juror/b"]);
		expect(Object.keys(scores)).toEqual(["fact_recall", "faithfulness", "hallucination", "composite"]);
		// fact_recall 0.9 and 0.7: mean 0.8, population stdev 0.1, confidence 1 − 2 × 0.1 = 0.8
		expect(scores.fact_recall?.value).toBeCloseTo(0.8);
		expect(scores.fact_recall?.inter_judge_disagreement).toBeCloseTo(0.1);
		expect(scores.fact_recall?.confidence).toBeCloseTo(0.8);
		// faithfulness 0.8 and 1: mean 0.9, stdev 0.1
		expect(scores.faithfulness?.value).toBeCloseTo(0.9);
		expect(scores.faithfulness?.inter_judge_disagreement).toBeCloseTo(0.1);
		// composite (2 × 0.8 + 1 × 0.9) / 3; disagreement the mean of 0.1 and 0.1
		expect(scores.composite?.value).toBeCloseTo(2.5 / 3);
		expect(scores.composite?.inter_judge_disagreement).toBeCloseTo(0.1);
		expect(scores.composite?.confidence).toBeCloseTo(0.8);
		expect(scores.hallucination).toMatchObject({ score_type: "boolean", value: 0, inter_judge_disagreement: 0 });
		for (const score of Object.values(scores))
			expect(score).toMatchObject({ judge_panel_version: "jury@test-1", grader_version: "jury@1" });
		expect(votesOf(scores.composite).map((vote) => [vote.juror, vote.rationale, vote.error])).toEqual([
			["juror/a", "A: every key fact, nothing invented.", null],
			["juror/b", "B: faithful, one fact short.", null],
		]);
		expect(scores.composite?.reasoning).toContain("juror/a: A: every key fact, nothing invented.");
	});

	it("asks each juror once, at temperature 0 in JSON mode, concurrently", async () => {
		await grade("steady", ["juror/steady-a", "juror/steady-b"]);
		const [a] = server.requests("juror/steady-a");
		const [b] = server.requests("juror/steady-b");
		expect(a?.body).toMatchObject({ temperature: 0, response_format: { type: "json_object" } });
		expect(server.requests("juror/steady-a")).toHaveLength(1);
		// Each call takes 600 ms; asked one after the other, the second would arrive 600 ms later.
		const gap = Math.abs(Date.parse(a?.received_at ?? "") - Date.parse(b?.received_at ?? ""));
		expect(gap).toBeLessThan(300);
	});

	it("salvages verdicts wrapped in a code fence or in prose", async () => {
		const scores = await grade("fenced", ["juror/a", "juror/b"]);
		expect(scores.fact_recall?.value).toBeCloseTo(0.8);
		expect(votesOf(scores.composite).every((vote) => vote.error === null && vote.raw.length === 1)).toBe(true);
		expect(votesOf(scores.composite)[1]?.raw[0]).toMatch(/^Here is my verdict: /);
	});

	it("does not trip the gate on a split vote, and shows the split", async () => {
		const scores = await grade("split", ["juror/a", "juror/b"]);
		expect(scores.hallucination).toMatchObject({ value: 0, value_label: "false", inter_judge_disagreement: 0.5 });
		expect(scores.hallucination?.confidence).toBe(0);
		expect(scores.hallucination?.reasoning).toContain("(a tie counts as false)");
		// means 0.7 and 0.7: (2 × 0.7 + 0.7) / 3 = 0.7, uncapped
		expect(scores.composite).toMatchObject({ critical_failure: false, gate_meta: null });
		expect(scores.composite?.value).toBeCloseTo(0.7);
	});

	it("caps the composite when the gate trips, recording the gate, its cap, the votes and the uncapped value", async () => {
		const scores = await grade("gate", ["juror/a", "juror/b"]);
		// means 0.8 and 0.5: uncapped (1.6 + 0.5) / 3 = 0.7, capped at 0.25
		expect(scores.composite).toMatchObject({ value: 0.25, critical_failure: true, value_label: "0.25 (capped)" });
		expect(scores.composite?.gate_meta).toEqual({
			gate: "hallucination",
			cap: 0.25,
			votes: { "juror/a": true, "juror/b": true },
			uncapped: expect.closeTo(0.7),
		});
		expect(scores.hallucination?.value).toBe(1);
		expect(scores.fact_recall?.value).toBeCloseTo(0.8);
	});

	it("retries malformed JSON once, then records a failed vote with both raw replies", async () => {
		const scores = await grade("malformed", ["juror/a", "juror/broken"], { quorum: 1 });
		const broken = votesOf(scores.composite).find((vote) => vote.juror === "juror/broken");
		expect(broken).toMatchObject({ fields: null, rationale: null });
		expect(broken?.error).toMatch(/^unusable reply, twice: the reply is not JSON/);
		expect(broken?.raw).toEqual(['{"fact_recall": 0.9, "faithfulness": }', '{"fact_recall": 0.9, "faithfulness": }']);
		const prompts = promptsTo("juror/broken");
		expect(prompts).toHaveLength(2);
		expect(prompts[1]).toContain("Your reply could not be used: the reply is not JSON");
		// The failed vote counts toward nothing: the values are juror/a's alone, with half the confidence.
		expect(scores.fact_recall?.value).toBeCloseTo(0.9);
		expect(scores.composite?.value).toBeCloseTo((1.8 + 0.8) / 3);
		expect(scores.composite?.confidence).toBeCloseTo(0.5);
		expect(scores.fact_recall?.reasoning).toContain("1 failed vote left out (juror/broken)");
	});

	it("records a verdict missing a field as a failed vote after one retry, never as a pass", async () => {
		const scores = await grade("missing", ["juror/a", "juror/partial"], { quorum: 1 });
		const partial = votesOf(scores.composite).find((vote) => vote.juror === "juror/partial");
		expect(partial?.error).toBe("unusable reply, twice: missing `faithfulness` (first reply: missing `faithfulness`)");
		expect(partial?.raw).toHaveLength(2);
		expect(scores.composite?.extras).toMatchObject({ valid_votes: 1, panel_size: 2 });
	});

	it("accepts a verdict given correctly on the retry", async () => {
		const scores = await grade("clean", ["juror/flaky"]);
		const [vote] = votesOf(scores.composite);
		expect(vote).toMatchObject({ error: null, rationale: "A: every key fact, nothing invented." });
		expect(vote?.raw).toEqual(["The summary looks accurate and concise to me.", VERDICTS.clean.a]);
		expect(scores.fact_recall?.value).toBeCloseTo(0.9);
	});

	it("records a juror whose call fails as a failed vote", async () => {
		const scores = await grade("clean", ["juror/a", "juror/mute"], { quorum: 1 });
		const mute = votesOf(scores.composite).find((vote) => vote.juror === "juror/mute");
		expect(mute?.error).toMatch(/^the juror call failed: /);
		expect(mute?.raw).toEqual([]);
	});

	it("throws a jury-quorum error naming the valid votes when fewer than the quorum are valid", async () => {
		const failing = grade("malformed", ["juror/a", "juror/broken"]);
		await expect(failing).rejects.toBeInstanceOf(TouchstoneError);
		await expect(failing).rejects.toMatchObject({ code: "jury-quorum" });
		await expect(failing).rejects.toThrow(
			/^the jury test-panel \(jury@test-1\) gave 1 valid vote of 2, below its quorum of 2; failed votes: juror\/broken: unusable reply/,
		);
		await expect(grade("clean", ["juror/partial", "juror/mute"], { quorum: 1 })).rejects.toThrow(
			/gave 0 valid votes of 2, below its quorum of 1/,
		);
	});

	it("stops the jurors when the grade's signal aborts", async () => {
		const controller = new AbortController();
		const started = Date.now();
		const grading = grade("clean", ["juror/slow"], { signal: controller.signal });
		setTimeout(() => controller.abort(), 100);
		await expect(grading).rejects.not.toMatchObject({ code: "jury-quorum" });
		expect(Date.now() - started).toBeLessThan(3000);
	});

	it("blinds the jurors: the prompt holds the task, the reference and the output, never the candidate's model", async () => {
		const candidate = scriptedEntry(server.url, "vendor/candidate-7b");
		const runner = createSingleShotRunner({ providerFor: (entry) => createModelProvider(entry, { env: {} }) });
		const attempt = await runner.run(
			{ case: SUMMARY_CASE, model: candidate, sample_index: 0, harness: {} },
			{ signal: new AbortController().signal },
		);
		expect(attempt.final).toBe(outputFor("clean"));
		expect(JSON.stringify(attempt.runner_provenance)).toContain("vendor/candidate-7b");
		const grader = createJuryGrader({
			rubric: RUBRIC,
			panel: scriptedPanel(server.url, ["juror/a", "juror/b"]),
			instructions: "The assistant summarized a source text.",
		});
		await grader.grade({ case: SUMMARY_CASE, attempt }, { signal: new AbortController().signal });
		for (const juror of ["juror/a", "juror/b"]) {
			const [prompt] = promptsTo(juror);
			expect(prompt).toContain("Summarize: the weekly meeting moves from Monday to Tuesday.");
			expect(prompt).toContain("The weekly meeting moves to Tuesday.");
			expect(prompt).toContain(outputFor("clean"));
			for (const secret of ["vendor/candidate-7b", "candidate-7b", "single-shot", "openai-compatible"])
				expect(prompt).not.toContain(secret);
		}
	});

	it("keys its config by what decides a verdict: each juror's entry and the quorum, not the panel's labels", () => {
		const configOf = (panel: JuryPanel) =>
			createJuryGrader({ rubric: RUBRIC, panel, instructions: "The assistant summarized a source text." }).config;
		const panel = scriptedPanel(server.url, ["juror/a", "juror/b"]);
		const base = canonicalJson(configOf(panel));
		expect(canonicalJson(configOf({ ...panel, id: "renamed", version: "jury@test-2" }))).toBe(base);
		expect(canonicalJson(configOf(scriptedPanel(server.url, ["juror/a", "juror/flaky"])))).not.toBe(base);
		expect(canonicalJson(configOf({ ...panel, quorum: 1 }))).not.toBe(base);
		const [first, second] = panel.jurors;
		if (first === undefined || second === undefined) throw new Error("two jurors expected");
		const warmer = { ...second, model: { ...second.model, options: { ...second.model.options, temperature: 0.9 } } };
		expect(canonicalJson(configOf({ ...panel, jurors: [first, warmer] }))).not.toBe(base);
		const moved = { ...second, model: { ...second.model, base_url: "http://127.0.0.1:1/v1" } };
		expect(canonicalJson(configOf({ ...panel, jurors: [first, moved] }))).not.toBe(base);
	});

	it("does not ask the jury about an attempt without output, scoring it 0", async () => {
		const grader = createJuryGrader({
			rubric: RUBRIC,
			panel: scriptedPanel(server.url, ["juror/a"]),
			instructions: "The assistant summarized a source text.",
		});
		const scores = await grader.grade(
			{ case: SUMMARY_CASE, attempt: attemptWith(null, { status: "harness_error", error: "endpoint down" }) },
			{ signal: new AbortController().signal },
		);
		expect(scores.map((score) => [score.metric, score.value])).toEqual([
			["fact_recall", 0],
			["faithfulness", 0],
			["hallucination", 0],
			["composite", 0],
		]);
		expect(scores[3]?.reasoning).toMatch(/^not graded: the harness failed: endpoint down/);
		expect(server.requests("juror/a")).toHaveLength(0);
	});
});
