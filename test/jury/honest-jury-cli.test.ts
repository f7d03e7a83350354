import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ScriptedServer, startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import { openStore } from "../../src/store/index.js";
import { ROOT, runCli } from "../support/cli.js";
import { ACME_VOTE, honestModels, honestPanels, honestWorkspace } from "./honest-jury-fixture.js";

/*
 * Honest juries end to end: the real CLI validates, runs and prints the leaderboard of a
 * summarization use case whose jurors answer over real HTTP from the scripted server with fixed
 * usage, one juror priced and one not, and one of them also a candidate.
 */

const VERDICT = JSON.stringify({
	fact_recall: 0.8,
	faithfulness: 0.9,
	conciseness: 0.7,
	hallucination: false,
	rationale: "Accurate and short.",
});

const SCRIPT = validateScript({
	seed: 3,
	models: {
		"scripted/cand-acme": {
			usage: { prompt_tokens: 100, completion_tokens: 20 },
			rules: [{ reply: "ACME-SUMMARY: the checkout API was down for 47 minutes." }],
		},
		"scripted/cand-other": {
			usage: { prompt_tokens: 100, completion_tokens: 20 },
			rules: [{ reply: "OTHER-SUMMARY: the checkout API was down for 47 minutes." }],
		},
		"scripted/judge-acme": { usage: { prompt_tokens: 1000, completion_tokens: 50 }, rules: [{ reply: VERDICT }] },
		// A juror that is also a candidate: it grades when asked to, and summarizes otherwise.
		"scripted/judge-plain": {
			usage: { prompt_tokens: 700, completion_tokens: 40 },
			rules: [
				{ when: { system: "fact_recall" }, reply: VERDICT },
				{ reply: "JUDGE-SUMMARY: the checkout API was down for 47 minutes." },
			],
		},
	},
});

const MODELS = honestModels();

const USE_CASES = `use_cases:
  - id: digest
    status: runnable
    modality: { input: text, output: text }
    plugin: summarization
    cases: packs/digest/*.yaml
    fleet: [scripted/cand-acme, scripted/cand-other, scripted/judge-plain]
    judge_panel: honest
`;

const panels = honestPanels;

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer({ script: SCRIPT });
});
afterAll(() => server.close());
beforeEach(() => server.resetStats());

/** The two summarization cases of the examples, as the digest pack. */
const DIGEST = Object.fromEntries(
	["incident-report.yaml", "launch-meeting.yaml"].map((name) => [
		`packs/digest/${name}`,
		readFileSync(join(ROOT, "examples", "benchmarks", "packs", "summarization", name), "utf8"),
	]),
);

const workspace = (panelExtra: string) =>
	honestWorkspace("touchstone-honest-jury-", { models: MODELS, useCases: USE_CASES, panelExtra }, DIGEST);

const cli = (cwd: string, args: readonly string[]) =>
	runCli(args, { cwd, env: { TOUCHSTONE_SCRIPTED_URL: server.url } });

/** The text of every request a juror got while grading. */
const gradingPrompts = (juror: string) =>
	server
		.requests(juror)
		.map((request) => JSON.stringify((request.body as { messages: unknown }).messages))
		.filter((messages) => messages.includes("fact_recall"));

interface Row {
	model_id: string;
	self_judged: boolean;
	self_judged_rows: number;
	cost_usd: number | null;
}

describe("honest juries, through the CLI", () => {
	it("records the jurors' cost, shows the grading cost beside the candidates', and flags self-judged rows", async () => {
		const cwd = workspace("");
		const validate = await cli(cwd, ["validate"]);
		expect(validate.code).toBe(0);
		expect(validate.stderr).toContain(
			"juror `scripted/judge-acme` of panel `honest` judges candidate `scripted/cand-acme`, of its own family",
		);
		expect(validate.stderr).toContain(
			"juror `scripted/judge-plain` of panel `honest` judges candidate `scripted/judge-plain`, which is the same model",
		);
		expect(validate.stderr).not.toContain("candidate `scripted/cand-other`");

		const run = await cli(cwd, ["run", "--use-case", "digest", "--depth", "thorough", "--samples", "1"]);
		expect(run.stderr).not.toContain("grader error");
		expect(run.code).toBe(0);
		const json = await cli(cwd, ["leaderboard", "--use-case", "digest", "--json"]);
		const board = JSON.parse(json.stdout) as { rows: Row[]; grading_cost: Record<string, number | null> };
		// 3 candidates × 2 cases, each graded by both jurors: 6 judge-acme votes priced, 6 judge-plain unpriced.
		expect(board.grading_cost).toMatchObject({ votes: 12, unpriced_votes: 6, rows: 6, unrecorded_rows: 0 });
		expect(board.grading_cost.cost_usd).toBeCloseTo(6 * ACME_VOTE, 12);
		const candidates = board.rows.reduce((sum, row) => sum + (row.cost_usd ?? 0), 0);
		expect(board.grading_cost.candidates_cost_usd).toBeCloseTo(candidates, 12);
		expect(board.grading_cost.candidates_unknown_cost).toBe(2);
		const flags = Object.fromEntries(board.rows.map((row) => [row.model_id, [row.self_judged, row.self_judged_rows]]));
		expect(flags).toEqual({
			"scripted/cand-acme": [true, 2],
			"scripted/cand-other": [false, 0],
			"scripted/judge-plain": [true, 2],
		});

		const table = await cli(cwd, ["leaderboard", "--use-case", "digest"]);
		expect(table.stdout).toMatch(/scripted\/cand-acme \^/);
		expect(table.stdout).not.toMatch(/scripted\/cand-other \^/);
		expect(table.stdout).toContain("^ self-judged: a juror of the model's own model or family graded 4 of these rows");
		expect(table.stdout).toContain(`grading $${(6 * ACME_VOTE).toFixed(4)}+? (6 of 12 votes unpriced), candidates $`);
	});

	it("with exclude_own_family, never asks a juror about its own family's output, and records why on the score", async () => {
		const cwd = workspace("    exclude_own_family: true\n");
		const validate = await cli(cwd, ["validate"]);
		expect(validate.code).toBe(0);
		expect(validate.stderr).not.toContain("may favour its own output");

		const run = await cli(cwd, ["run", "--use-case", "digest", "--depth", "thorough", "--samples", "1"]);
		expect(run.code).toBe(0);
		const acmePrompts = gradingPrompts("scripted/judge-acme");
		const plainPrompts = gradingPrompts("scripted/judge-plain");
		expect(acmePrompts.filter((body) => body.includes("ACME-SUMMARY"))).toEqual([]);
		expect(acmePrompts.filter((body) => body.includes("JUDGE-SUMMARY"))).toHaveLength(2);
		expect(plainPrompts.filter((body) => body.includes("JUDGE-SUMMARY"))).toEqual([]);
		expect(plainPrompts.filter((body) => body.includes("ACME-SUMMARY"))).toHaveLength(2);
		// The exclusion is the host's: no juror prompt names a model.
		for (const body of [...acmePrompts, ...plainPrompts]) expect(body).not.toContain("scripted/");

		const store = openStore({
			database: join(cwd, "data", "benchmarks.db"),
			artifacts: join(cwd, "data", "artifacts"),
		});
		const rows = store.database
			.prepare(
				`SELECT runs.model_id, scores.extras_json FROM scores JOIN runs USING (run_id)
				 WHERE scores.metric = 'composite' ORDER BY runs.model_id, runs.case_id`,
			)
			.all() as { model_id: string; extras_json: string }[];
		store.close();
		const records = rows.map((row) => [row.model_id, JSON.parse(row.extras_json).jury]);
		expect(records.filter(([id]) => id === "scripted/cand-acme").map(([, jury]) => jury)).toEqual([
			expect.objectContaining({
				asked: ["scripted/judge-plain"],
				excluded: [{ juror: "scripted/judge-acme", reason: "same-family" }],
				self_judged_by: [],
			}),
			expect.objectContaining({ excluded: [{ juror: "scripted/judge-acme", reason: "same-family" }] }),
		]);
		expect(records.find(([id]) => id === "scripted/cand-other")?.[1]).toMatchObject({
			asked: ["scripted/judge-acme", "scripted/judge-plain"],
			excluded: [],
		});

		const json = await cli(cwd, ["leaderboard", "--use-case", "digest", "--json"]);
		const board = JSON.parse(json.stdout) as { rows: Row[]; grading_cost: Record<string, number | null> };
		expect(board.rows.every((row) => !row.self_judged)).toBe(true);
		// judge-acme grades cand-other and judge-plain (4 votes, priced); judge-plain grades cand-acme and cand-other (4, unpriced).
		expect(board.grading_cost).toMatchObject({ votes: 8, unpriced_votes: 4 });
		expect(board.grading_cost.cost_usd).toBeCloseTo(4 * ACME_VOTE, 12);
	});

	it("refuses, at validate, an exclusion that leaves a candidate below the quorum", async () => {
		const cwd = workspace("    exclude_own_family: true\n");
		writeFileSync(
			join(cwd, "benchmarks", "judge_panels.yaml"),
			panels("    exclude_own_family: true\n").replace("quorum: 1", "quorum: 2"),
		);
		const validate = await cli(cwd, ["validate"]);
		expect(validate.code).toBe(2);
		expect(validate.stderr).toContain("use_cases.yaml:7");
		expect(validate.stderr).toContain(
			"panel `honest` excludes `scripted/judge-acme` (same-family) from judging candidate `scripted/cand-acme` (exclude_own_family), which leaves 1 juror, below its quorum of 2",
		);
	});
});
