import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ScriptedServer, startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import { runCli } from "../support/cli.js";
import { ACME_VOTE, honestModels, honestPanels, honestWorkspace, scriptedModel } from "./honest-jury-fixture.js";

/*
 * Honest juries for `rubric:` checks, end to end: the real CLI validates, runs and prints the
 * leaderboard of a `cases` use case whose two rubric checks are graded by a pinned panel answering
 * over real HTTP from the scripted server, one juror priced and of a candidate's family.
 */

const VERDICT = JSON.stringify({ score: 0.9, rationale: "Meets the criterion." });

const SCRIPT = validateScript({
	seed: 5,
	models: {
		"scripted/cand-acme": {
			usage: { prompt_tokens: 100, completion_tokens: 20 },
			rules: [{ reply: "ACME-REPLY: sorry for the trouble, a new card is on its way." }],
		},
		"scripted/cand-other": {
			usage: { prompt_tokens: 100, completion_tokens: 20 },
			rules: [{ reply: "OTHER-REPLY: sorry for the trouble, a new card is on its way." }],
		},
		"scripted/judge-acme": { usage: { prompt_tokens: 1000, completion_tokens: 50 }, rules: [{ reply: VERDICT }] },
		"scripted/judge-plain": { usage: { prompt_tokens: 700, completion_tokens: 40 }, rules: [{ reply: VERDICT }] },
		// Garbage on the first try and on the retry: a failed vote.
		"scripted/judge-garbage": { usage: { prompt_tokens: 500, completion_tokens: 10 }, rules: [{ reply: "Fine!" }] },
	},
});

const MODELS = honestModels(scriptedModel("scripted/judge-garbage", "    role: anchor"));

const USE_CASES = `use_cases:
  - id: replies
    status: runnable
    modality: { input: text, output: text }
    plugin: cases
    cases: packs/replies/*.yaml
    fleet: [scripted/cand-acme, scripted/cand-other]
    judge_panel: honest
    grading: { headline: composite }
`;

const CASES = `cases:
  - id: lost-card
    input: { prompt: "Reply to a customer whose card was lost." }
    checks:
      - { metric: tone, rubric: "The reply apologises once." }
      - { metric: next_step, rubric: "The reply names the next step." }
  - id: late-card
    input: { prompt: "Reply to a customer whose card is late." }
    checks:
      - { metric: tone, rubric: "The reply apologises once." }
      - { metric: next_step, rubric: "The reply names the next step." }
`;

const panels = honestPanels;

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer({ script: SCRIPT });
});
afterAll(() => server.close());
beforeEach(() => server.resetStats());

const workspace = (panelExtra: string) =>
	honestWorkspace(
		"touchstone-rubric-cost-",
		{ models: MODELS, useCases: USE_CASES, panelExtra },
		{ "packs/replies/cases.yaml": CASES },
	);

const cli = (cwd: string, args: readonly string[]) =>
	runCli(args, { cwd, env: { TOUCHSTONE_SCRIPTED_URL: server.url } });

interface Board {
	rows: { model_id: string; self_judged: boolean; self_judged_rows: number }[];
	grading_cost: Record<string, number | null> | null;
}

describe("rubric checks' juries, through the CLI", () => {
	it("counts every rubric check's panel in the grading cost, and flags and warns of self-judging", async () => {
		const cwd = workspace("");
		const validate = await cli(cwd, ["validate"]);
		expect(validate.code).toBe(0);
		expect(validate.stderr).toMatch(
			/use_cases\.yaml:\d+:\d+.*use case `replies`: juror `scripted\/judge-acme` of panel `honest` judges candidate `scripted\/cand-acme`, of its own family/,
		);
		expect(validate.stderr).not.toContain("candidate `scripted/cand-other`");

		const run = await cli(cwd, ["run", "--use-case", "replies", "--depth", "thorough", "--samples", "1"]);
		expect(run.stderr).not.toContain("grader error");
		expect(run.code).toBe(0);
		const board = JSON.parse((await cli(cwd, ["leaderboard", "--use-case", "replies", "--json"])).stdout) as Board;
		// 2 candidates × 2 cases × 2 checks × 2 jurors: both panels of each row count, not only the (deterministic) headline.
		expect(board.grading_cost).toMatchObject({ votes: 16, unpriced_votes: 8, rows: 4, unrecorded_rows: 0 });
		expect(board.grading_cost?.cost_usd).toBeCloseTo(8 * ACME_VOTE, 12);
		const flags = Object.fromEntries(board.rows.map((row) => [row.model_id, [row.self_judged, row.self_judged_rows]]));
		expect(flags).toEqual({ "scripted/cand-acme": [true, 2], "scripted/cand-other": [false, 0] });

		const table = await cli(cwd, ["leaderboard", "--use-case", "replies"]);
		expect(table.stdout).toContain(`grading $${(8 * ACME_VOTE).toFixed(4)}+? (8 of 16 votes unpriced), candidates $`);
		expect(table.stdout).toContain("^ self-judged");
	});

	it("with exclude_own_family, a rubric check never asks a juror about its own family's output", async () => {
		const cwd = workspace("    exclude_own_family: true\n");
		const validate = await cli(cwd, ["validate"]);
		expect(validate.code).toBe(0);
		expect(validate.stderr).not.toContain("may favour its own output");

		const run = await cli(cwd, ["run", "--use-case", "replies", "--depth", "thorough", "--samples", "1"]);
		expect(run.code).toBe(0);
		const acmePrompts = server.requests("scripted/judge-acme").map((request) => JSON.stringify(request.body));
		expect(acmePrompts.filter((body) => body.includes("ACME-REPLY"))).toEqual([]);
		expect(acmePrompts.filter((body) => body.includes("OTHER-REPLY"))).toHaveLength(4);
		const board = JSON.parse((await cli(cwd, ["leaderboard", "--use-case", "replies", "--json"])).stdout) as Board;
		expect(board.rows.every((row) => !row.self_judged)).toBe(true);
		// judge-acme grades only cand-other (4 priced votes); judge-plain grades both (8 unpriced).
		expect(board.grading_cost).toMatchObject({ votes: 12, unpriced_votes: 8 });
		expect(board.grading_cost?.cost_usd).toBeCloseTo(4 * ACME_VOTE, 12);
	});

	it("keeps what a jury that missed its quorum cost, and counts it in the grading cost", async () => {
		const cwd = workspace("");
		writeFileSync(
			join(cwd, "benchmarks", "judge_panels.yaml"),
			panels("")
				.replace("[scripted/judge-acme, scripted/judge-plain]", "[scripted/judge-acme, scripted/judge-garbage]")
				.replace("quorum: 1", "quorum: 2"),
		);
		const run = await cli(cwd, ["run", "--use-case", "replies", "--depth", "thorough", "--samples", "1"]);
		expect(run.stdout).toContain("4 grader errors");
		const board = JSON.parse((await cli(cwd, ["leaderboard", "--use-case", "replies", "--json"])).stdout) as Board;
		// Every row's first rubric check misses the quorum (judge-garbage never answers in JSON), so
		// its grading stops there: per row, one panel of 2 votes, judge-acme's priced.
		expect(board.grading_cost).toMatchObject({ votes: 8, unpriced_votes: 4, rows: 4, failed_rows: 4 });
		expect(board.grading_cost?.cost_usd).toBeCloseTo(4 * ACME_VOTE, 12);
		// A row without a score flatters nobody.
		expect(board.rows.every((row) => !row.self_judged)).toBe(true);
		const table = await cli(cwd, ["leaderboard", "--use-case", "replies"]);
		expect(table.stdout).toContain(
			`grading $${(4 * ACME_VOTE).toFixed(4)}+? (4 of 8 votes unpriced); 4 rows whose jury missed its quorum (no score) counted, candidates $`,
		);
	});

	it("refuses, at validate, an exclusion that leaves a candidate of a rubric-checked use case below the quorum", async () => {
		const cwd = workspace("");
		writeFileSync(
			join(cwd, "benchmarks", "judge_panels.yaml"),
			panels("    exclude_own_family: true\n").replace("quorum: 1", "quorum: 2"),
		);
		const validate = await cli(cwd, ["validate"]);
		expect(validate.code).toBe(2);
		expect(validate.stderr).toContain(
			"panel `honest` excludes `scripted/judge-acme` (same-family) from judging candidate `scripted/cand-acme` (exclude_own_family), which leaves 1 juror, below its quorum of 2",
		);
	});
});
