import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type JuryPanel, type ModelEntry, type Score, TouchstoneError } from "../../src/contract/index.js";
import { createJuryGrader, type JurorVote, type JuryRubric } from "../../src/graders/index.js";
import { createModelProvider } from "../../src/providers/index.js";
import { type ScriptedServer, startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import { attemptWith, JURY_SCRIPT, outputFor, SUMMARY_CASE, scriptedEntry } from "./scripted-jurors.js";

const RUBRIC: JuryRubric = {
	numeric: { fact_recall: { weight: 1, description: "Share of the key facts the summary states." } },
	gates: {},
	critical_failure: null,
};

/* Jurors whose replies carry fixed usage: juror/a priced, juror/b unpriced, juror/flaky retried. */
const SCRIPT = validateScript({
	...JURY_SCRIPT,
	models: {
		...JURY_SCRIPT.models,
		"juror/a": { usage: { prompt_tokens: 1000, completion_tokens: 50 }, rules: [{ reply: fact(0.9) }] },
		"juror/b": { usage: { prompt_tokens: 800, completion_tokens: 40 }, rules: [{ reply: fact(0.7) }] },
		"juror/flaky": {
			usage: { prompt_tokens: 600, completion_tokens: 30 },
			rules: [{ when: { turn: 2, user: "could not be used" }, reply: fact(0.5) }, { reply: "Looks fine to me." }],
		},
	},
});

function fact(value: number): string {
	return JSON.stringify({ fact_recall: value, rationale: "ok" });
}

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer({ script: SCRIPT });
});
afterAll(() => server.close());
beforeEach(() => server.resetStats());

/** Input $2 and output $10 per million tokens. */
const PRICE = { input: 2, output: 10, cache_read: null };

function entry(id: string, overrides: Partial<ModelEntry> = {}): ModelEntry {
	return { ...scriptedEntry(server.url, id), ...overrides };
}

function panel(jurors: readonly ModelEntry[], options: { quorum?: number; exclude?: boolean } = {}): JuryPanel {
	return {
		id: "honest",
		version: "jury@honest-1",
		quorum: options.quorum ?? 1,
		jurors: jurors.map((model) => ({ model, provider: createModelProvider(model, { env: {} }) })),
		...(options.exclude === true ? { exclude_own_family: true } : {}),
	};
}

async function grade(jury: JuryPanel, candidate?: ModelEntry): Promise<Score> {
	const grader = createJuryGrader({ rubric: RUBRIC, panel: jury, instructions: "Grade the summary." });
	const scores = await grader.grade(
		{ case: SUMMARY_CASE, attempt: attemptWith(outputFor("clean")), model: candidate },
		{ signal: new AbortController().signal },
	);
	const composite = scores.find((score) => score.metric === "composite");
	if (composite === undefined) throw new Error("no composite");
	return composite;
}

function recordOf(score: Score) {
	return (score.extras as { jury: Record<string, unknown> }).jury;
}

describe("juror usage and cost", () => {
	it("records each vote's tokens and priced cost, the retry included, and null for an unpriced juror", async () => {
		const score = await grade(
			panel([entry("juror/a", { price: PRICE }), entry("juror/b"), entry("juror/flaky", { price: PRICE })]),
		);
		const votes = score.jury_votes as JurorVote[];
		expect(votes.map((vote) => vote.usage)).toEqual([
			{ input_tokens: 1000, output_tokens: 50, cost_usd: (1000 * 2 + 50 * 10) / 1e6 },
			{ input_tokens: 800, output_tokens: 40, cost_usd: null },
			// Two calls: the unusable reply and the retry.
			{ input_tokens: 1200, output_tokens: 60, cost_usd: (1200 * 2 + 60 * 10) / 1e6 },
		]);
		const usage = recordOf(score).usage as Record<string, number>;
		expect(usage).toMatchObject({ votes: 3, unpriced_votes: 1, input_tokens: 3000, output_tokens: 150 });
		expect(usage.cost_usd).toBeCloseTo((2500 + 3000) / 1e6, 12);
	});

	it("keeps a failed call's cost unknown rather than free", async () => {
		const score = await grade(panel([entry("juror/a", { price: PRICE }), entry("juror/mute", { price: PRICE })]));
		const votes = score.jury_votes as JurorVote[];
		expect(votes[1]).toMatchObject({ juror: "juror/mute", usage: null });
		expect(recordOf(score).usage).toMatchObject({ votes: 2, unpriced_votes: 1, cost_usd: 2500 / 1e6 });
	});
});

describe("self-preference", () => {
	const family = (id: string, tag: string | null) => entry(id, { tags: { family: tag, weights: null, tier: null } });

	it("names a juror of the candidate's family as self-judging, and still asks it", async () => {
		const score = await grade(
			panel([family("juror/a", "Acme"), family("juror/b", "other")]),
			family("vendor/acme-7b", "acme"),
		);
		expect(recordOf(score)).toMatchObject({
			asked: ["juror/a", "juror/b"],
			excluded: [],
			self_judged_by: [{ juror: "juror/a", reason: "same-family" }],
		});
		expect(server.requests("juror/a")).toHaveLength(1);
	});

	it("with exclude_own_family, leaves the candidate's own model out, records why, and grades with the rest", async () => {
		const jurorA = family("juror/a", null);
		const score = await grade(panel([jurorA, family("juror/b", null)], { exclude: true }), jurorA);
		expect(server.requests("juror/a")).toHaveLength(0);
		expect(server.requests("juror/b")).toHaveLength(1);
		expect(score.value).toBeCloseTo(0.7);
		expect(score.confidence).toBeCloseTo(1);
		expect(recordOf(score)).toMatchObject({
			asked: ["juror/b"],
			excluded: [{ juror: "juror/a", reason: "same-model" }],
			self_judged_by: [],
		});
	});

	it("with exclude_own_family, is a quorum error when too few jurors are left, asking nobody", async () => {
		const jurorA = family("juror/a", "acme");
		const grading = grade(panel([jurorA, family("juror/b", "acme")], { exclude: true }), family("x/acme", "acme"));
		await expect(grading).rejects.toThrow(TouchstoneError);
		await expect(grading).rejects.toThrow(/leaves out juror\/a \(same-family\), juror\/b \(same-family\)/);
		expect(server.requests("juror/a")).toHaveLength(0);
	});

	it("puts exclude_own_family and the jurors' families in the grader config (the cell key)", () => {
		const config = (exclude: boolean, tag: string | null) =>
			createJuryGrader({
				rubric: RUBRIC,
				panel: panel([family("juror/a", tag)], { exclude }),
				instructions: "Grade the summary.",
			}).config;
		expect(config(false, "acme")).toEqual(config(false, "other"));
		expect(config(true, "acme")).not.toEqual(config(false, "acme"));
		expect(config(true, "acme")).not.toEqual(config(true, "other"));
	});
});
