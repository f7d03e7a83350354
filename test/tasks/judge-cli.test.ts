import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { loadDefinitions, loadTaskPack } from "../../src/definitions/index.js";
import { defaultRunParts, runUseCase, StopControl } from "../../src/orchestrator/index.js";
import { materializeFixture } from "../../src/sandbox/index.js";
import { type ScriptedServer, startScriptedServer } from "../../src/scripted-server/index.js";
import { openStore } from "../../src/store/index.js";
import { runCli, tempDir } from "../support/cli.js";
import { CODE_FIX_USE_CASES, codeFixUseCases, GOLD_TEST, SUM_FIXED, sumTask, writeFiles } from "../support/sum-task.js";

/*
 * `touchstone judge` end to end: five scripted agents fix one sum task, each leaving a marker in
 * its diff, in a real sandbox and store; then the real CLI judges their passing changes against
 * a scripted judge (family acme) and fallback (family other) whose rules answer from where a
 * marker sits in the prompt (in change A or in change B), so every verdict is scripted:
 *   STRONG wins every pair it is in (both orders agree); RIVAL beats WEAK; KIN (the judge's
 *   family: its pairs go to the fallback) beats WEAK; FLIP makes the judge answer "A" whatever
 *   the order (a flip, a tie) and the fallback answer prose (an error, no verdict); KIN × RIVAL
 *   holds both judges' families and is skipped.
 */

const AGENTS: Record<string, { family: string; marker: string }> = {
	"m-strong": { family: "s", marker: "STRONG" },
	"m-weak": { family: "w", marker: "WEAK" },
	"m-flippy": { family: "f", marker: "FLIP" },
	"m-kin": { family: "acme", marker: "KIN" },
	"m-rival": { family: "other", marker: "RIVAL" },
};

const verdict = (winner: string) => JSON.stringify({ winner, confidence: 0.9, rationale: "scripted" });
/** Rules preferring the change holding `marker`, wherever it is shown. */
const prefer = (marker: string) => [
	{ when: { user: `${marker}[\\s\\S]*### Change B` }, reply: verdict("A") },
	{ when: { user: `### Change B[\\s\\S]*${marker}` }, reply: verdict("B") },
];

function script(): object {
	const agent = (marker: string) => ({
		rules: [
			{
				when: { turn: 1 },
				tool_calls: [
					{
						name: "write_file",
						arguments: { path: "src/sum.mjs", content: SUM_FIXED.replace("a + b;", `a + b; // ${marker}`) },
					},
				],
			},
			{ when: { turn: 2 }, tool_calls: [{ name: "done", arguments: { summary: "fixed sum" } }] },
		],
	});
	return {
		seed: 1,
		models: {
			...Object.fromEntries(Object.entries(AGENTS).map(([id, { marker }]) => [id, agent(marker)])),
			judge: {
				cost_usd: 0.001,
				rules: [{ when: { user: "FLIP" }, reply: verdict("A") }, ...prefer("STRONG"), ...prefer("RIVAL")],
			},
			fallback: {
				rules: [
					{ when: { user: "FLIP" }, reply: "I prefer A, obviously." },
					...prefer("STRONG"),
					...prefer("KIN"),
					{ reply: verdict("tie") },
				],
			},
		},
	};
}

let server: ScriptedServer;
let root: string;

beforeAll(async () => {
	server = await startScriptedServer({ script: script() as never });
	root = tempDir("touchstone-judge-");
	const model = (id: string, family: string) => ({
		id,
		provider: "openai-compatible",
		model: id,
		// biome-ignore lint/suspicious/noTemplateCurlyInString: a ${VAR} reference that touchstone expands at run time
		base_url: "${TOUCHSTONE_SCRIPTED_URL}/v1",
		tags: { family },
	});
	writeFiles(root, {
		"benchmarks/models.yaml": stringify({
			models: [
				...Object.entries(AGENTS).map(([id, { family }]) => model(id, family)),
				model("judge", "acme"),
				model("fallback", "other"),
			],
		}),
		"benchmarks/use_cases.yaml": codeFixUseCases({
			fleet: Object.keys(AGENTS),
			pairwise: { judge: "judge", fallback: "fallback" },
		}),
		"benchmarks/packs/code-fix/sum/task.yaml": sumTask("sum", { reference: "reference/sum.mjs" }),
		"benchmarks/packs/code-fix/sum/hidden/sum.test.mjs": GOLD_TEST,
		"benchmarks/packs/code-fix/sum/reference/sum.mjs": SUM_FIXED,
	});
	const benchmarks = join(root, "benchmarks");
	for (const { dir, task } of loadTaskPack(join(benchmarks, "packs", "code-fix")).tasks)
		await materializeFixture(dir, task, { repo: null });
	const store = openStore({
		database: join(root, "data", "benchmarks.db"),
		artifacts: join(root, "data", "artifacts"),
	});
	try {
		const summary = await runUseCase({
			definitions: loadDefinitions(benchmarks),
			store,
			useCaseId: "code-fix",
			depth: "thorough",
			concurrency: 5,
			force: false,
			dryRun: false,
			parts: defaultRunParts({ TOUCHSTONE_SCRIPTED_URL: server.url }),
			stop: new StopControl(),
			provenance: { test: true },
		});
		expect(summary).toMatchObject({ executed: 5, grader_errors: 0, statuses: { completed: 5 } });
	} finally {
		store.close();
	}
}, 60_000);

afterAll(async () => {
	await server?.close();
});

interface JudgeJson {
	summary: {
		totals: Record<string, number>;
		cost_usd: number | null;
		unpriced_calls: number;
		error_samples: string[];
	};
	references: Record<string, string>;
	ratings: {
		ratings: { model_id: string; rating: number; interval: unknown; component: number }[];
		connected: boolean;
		pairs: number;
		flips: number;
	};
}

const judge = (args: readonly string[] = []) =>
	runCli(["judge", "--use-case", "code-fix", "--dir", "benchmarks", ...args], {
		cwd: root,
		env: { TOUCHSTONE_SCRIPTED_URL: server.url },
	});

describe("touchstone judge", () => {
	it("judges both orders, counts agreement, flips as ties, sends self-judging pairs to the fallback, skips both families, and caches", async () => {
		server.resetStats();
		const first = await judge(["--json"]);
		expect(first.code, first.stderr).toBe(0);
		const report = JSON.parse(first.stdout) as JudgeJson;
		expect(report.summary.totals).toEqual({
			pairs: 10,
			asked: 9,
			cached: 0,
			agreed: 5,
			flips: 3,
			incomplete: 1,
			skipped: 1,
			fallback: 3,
			calls: 18,
			errors: 2,
		});
		const requests = server.stats().models;
		expect(requests.judge?.requests).toBe(12);
		expect(requests.fallback?.requests).toBe(6);
		// Blind: the judge sees the diffs, never a model id.
		for (const request of server.requests("judge"))
			for (const id of Object.keys(AGENTS)) expect(JSON.stringify(request.body)).not.toContain(id);
		expect(report.summary.error_samples[0]).toMatch(/fallback.*unusable reply/);
		// The judge's calls are billed by the server; the fallback's cost is unknown, never 0.
		expect(report.summary.cost_usd).toBeCloseTo(0.012, 9);
		expect(report.summary.unpriced_calls).toBe(6);
		expect(report.references).toEqual({ sum: "the task has no source_commit" });
		expect(report.ratings).toMatchObject({ pairs: 8, flips: 3, connected: true });
		const order = report.ratings.ratings.map((rating) => rating.model_id);
		expect(order[0]).toBe("m-strong");
		expect(order.at(-1)).toBe("m-weak");
		expect(order).toHaveLength(5);

		// The index's judge axis reads these ratings: min-max normalised, the strongest 1, the weakest 0.
		const index = await runCli(["index", "--json", "--dir", "benchmarks"], { cwd: root });
		expect(index.code, index.stderr).toBe(0);
		const judgeAxis = Object.fromEntries(
			(
				JSON.parse(index.stdout) as { models: { model_id: string; axes: { judge: { score: number | null } } }[] }
			).models.map((model) => [model.model_id, model.axes.judge.score]),
		);
		expect(judgeAxis["m-strong"]).toBe(1);
		expect(judgeAxis["m-weak"]).toBe(0);

		// The report shows the ratings and the index beside the leaderboard.
		const written = await runCli(["report", "--use-case", "code-fix", "--dir", "benchmarks", "--out", "board.md"], {
			cwd: root,
		});
		expect(written.code, written.stderr).toBe(0);
		const markdown = readFileSync(join(root, "board.md"), "utf8");
		expect(markdown).toMatch(/### Pairwise judge\s+Rubric pairwise-rubric-1: 8 pairs judged in both orders, 3 flips/);
		expect(markdown).toMatch(/\| m-strong \| agent \| [1-9]\d* \|/);
		expect(markdown).toContain("## Per-role index");
		expect(markdown).toMatch(/### implementer\s+Best m-\w+ \(agent\)/);

		// One row per call: each pair in both orders, the unusable replies as errors without a verdict.
		const store = openStore({
			database: join(root, "data", "benchmarks.db"),
			artifacts: join(root, "data", "artifacts"),
		});
		try {
			const rows = store.listComparisons("code-fix");
			expect(rows).toHaveLength(18);
			const errors = rows.filter((row) => row.error !== null);
			expect(errors.map((row) => [row.judge, row.verdict])).toEqual([
				["fallback", null],
				["fallback", null],
			]);
			const orders = new Set(rows.map((row) => `${row.diff_a_sha}>${row.diff_b_sha}`));
			for (const row of rows) expect(orders.has(`${row.diff_b_sha}>${row.diff_a_sha}`)).toBe(true);
		} finally {
			store.close();
		}

		// Again: every verdict is cached; only the two orders that erred are asked again.
		server.resetStats();
		const second = await judge();
		expect(second.code, second.stderr).toBe(0);
		expect(server.stats().models.judge?.requests ?? 0).toBe(0);
		expect(server.stats().models.fallback?.requests).toBe(2);
		expect(second.stdout).toContain(
			"pairs: 10 planned, 1 asked, 8 cached, 5 agreed, 3 flips (ties), 1 incomplete (errors), 1 skipped (both families)",
		);
		const limited = JSON.parse((await judge(["--pairs", "2", "--json"])).stdout) as JudgeJson;
		expect(limited.summary.totals.pairs).toBe(2);
		expect(limited.ratings.pairs).toBe(8);
		// One task: a rating without an interval (the bootstrap resamples tasks).
		expect(second.stdout).toMatch(/^m-strong\s+agent\s+\+\d+\s+-\s+-\s+4\s+1\s+0$/m);
	}, 60_000);

	it("refuses a use case without pairwise judges, saying where to add them", async () => {
		const yaml = join(root, "other", "benchmarks");
		writeFiles(join(root, "other"), {
			"benchmarks/models.yaml": stringify({ models: [{ id: "m", provider: "builtin", model: "gold" }] }),
			"benchmarks/use_cases.yaml": CODE_FIX_USE_CASES,
			"benchmarks/packs/code-fix/sum/task.yaml": sumTask("sum", { reference: "reference/sum.mjs" }),
		});
		const refused = await runCli(["judge", "--use-case", "code-fix", "--dir", yaml], { cwd: root });
		expect(refused.code).toBe(2);
		expect(refused.stderr).toContain("names no pairwise judge");
		expect(refused.stderr).toContain("pairwise: {judge: MODEL, fallback: MODEL}");
	}, 30_000);
});
