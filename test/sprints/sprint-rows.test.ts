import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { NotFoundError, type SpecDocument } from "../../src/contract/index.js";
import { sprintVersion } from "../../src/definitions/index.js";
import { recordSprintRun } from "../../src/orchestrator/index.js";
import { openTemporaryStore, type TemporaryStore } from "../../src/store/index.js";
import { leaderboard } from "../../src/views/index.js";
import { footprint, layer, sprintRun, writeSprintFixture } from "../support/sprint-fixture.js";

let temporary: TemporaryStore | null = null;
afterEach(() => {
	temporary?.remove();
	temporary = null;
});

/** A fresh store, the fixture's definitions and the sprint's version. */
async function setup() {
	temporary = openTemporaryStore();
	const fixture = writeSprintFixture();
	const definitions = fixture.load();
	const sprint = definitions.sprints[0];
	if (sprint === undefined) throw new Error("no sprint loaded");
	return { store: temporary.store, fixture, definitions, version: await sprintVersion(sprint) };
}

describe("sprint rows in the store and on the leaderboard", () => {
	it("shows two models × two orchestration modes as four model × harness rows", async () => {
		const { store, definitions, version } = await setup();
		const run = (model: string, orchestration: "direct" | "loop", overrides = {}) =>
			recordSprintRun(store, sprintRun(definitions, version, { model, orchestration, ...overrides }));
		await run("model/a", "direct", { code_score: 0.82, footprint: footprint(0.3, 100) });
		await run("model/a", "loop", { code_score: 0.64, footprint: footprint(null, 200) });
		await run("model/b", "direct", {
			outcome: "fail@M02",
			error: "CI red twice: test/parse.test.js failed",
			code_score: null,
			layers: { process: layer("process", 0.4) },
			footprint: footprint(0.1, 50),
		});
		await run("model/b", "loop", { code_score: 0.91, footprint: footprint(0.5, 300) });

		const board = leaderboard(store, "sprint-example");
		expect(board.headline_metric).toBe("sprint_score");
		expect(board.spec_cases).toBe(1);
		const rows = new Map(board.rows.map((row) => [`${row.model_id} ${row.harness}`, row]));
		expect([...rows.keys()].sort()).toEqual([
			"model/a sprint-direct",
			"model/a sprint-loop",
			"model/b sprint-direct",
			"model/b sprint-loop",
		]);
		for (const row of board.rows) expect(row.samples).toBe(1);
		expect(rows.get("model/a sprint-direct")).toMatchObject({ headline: 0.82, pass_rate: 1, cost_usd: 0.3 });
		expect(rows.get("model/b sprint-loop")).toMatchObject({ headline: 0.91, pass_rate: 1, p50_latency_ms: 300_000 });
		// Unknown cost stays unknown, and is counted; a failed sprint is a graded 0 that does not pass.
		expect(rows.get("model/a sprint-loop")).toMatchObject({
			headline: 0.64,
			pass_rate: 0,
			cost_usd: null,
			unknown_cost: 1,
		});
		expect(rows.get("model/b sprint-direct")).toMatchObject({ headline: 0, pass_rate: 0, harness_errors: 0 });
		expect(board.rows[0]).toMatchObject({ model_id: "model/b", harness: "sprint-loop" });
		expect(board.decision.best).toMatchObject({ model_id: "model/b", harness: "sprint-loop" });

		// A re-run is a new row of the same cell: the latest counts, the earlier one is superseded.
		await run("model/a", "direct", { code_score: 0.5 });
		const again = leaderboard(store, "sprint-example");
		expect(again.rows).toHaveLength(4);
		expect(again.superseded_rows).toBe(1);
		expect(again.rows.find((row) => row.model_id === "model/a" && row.harness === "sprint-direct")?.headline).toBe(0.5);
	});

	it("keeps a failed run's footprint, error, diff, layer scores and provenance on its row", async () => {
		const { store, definitions, version } = await setup();
		const secret = "sk-test-0123456789abcdef";
		const runId = await recordSprintRun(
			store,
			sprintRun(definitions, version, {
				model: "model/a",
				orchestration: "loop",
				outcome: "fail@M02",
				error: "CI red on both attempts",
				code_score: null,
				diff: `+const key = "${secret}";\n`,
				layers: {
					process: layer("process", 0.4, { attempts: 4 }),
					cost: { ...layer("cost", 0), score: null, figures: { usd: 0.25 } },
					corpus: { ...layer("corpus", 0), measured: false, score: null, reason: "the run failed" },
				},
				env: { OPENAI_API_KEY: secret },
			}),
		);
		const run = store.getRun(runId);
		expect(run).toMatchObject({
			use_case_id: "sprint-example",
			case_id: "example",
			case_version: version,
			harness: "sprint-loop",
			sample_index: 0,
			status: "failed",
			error: "fail@M02: CI red on both attempts",
			telemetry: { cost_usd: 0.25, latency_ms: 90_000, input_tokens: 12_000, output_tokens: 3_000, turns: 14 },
			provenance: {
				sprint: "example",
				sprint_version: version,
				outcome: "fail@M02",
				orchestration: "loop",
				log: "log.ndjson",
				layers: { corpus: { measured: false, reason: "the run failed" } },
				runner: { runner: "sprint-loop", details: { sandbox: { isolated: true } } },
			},
		});
		expect(run?.redactions).toBe(1);
		const diff = store.readArtifactText(run?.diff_sha as string);
		expect(diff).not.toContain(secret);
		const scores = store.scoresForRuns([runId]).get(runId) ?? [];
		// The headline 0 labelled fail@M02 and the measured, scored layers; cost (no score) and corpus (not measured) are absent.
		expect(scores.map((score) => [score.metric, score.value, score.value_label])).toEqual([
			["sprint_score", 0, "fail@M02"],
			["sprint_process", 0.4, null],
		]);
		expect(scores[1]?.extras).toEqual({ layer: "process", version: "1", figures: { attempts: 4 } });
	});

	it("counts a harness error and leaves it out of the aggregates, without replacing a graded row", async () => {
		const { store, definitions, version } = await setup();
		const failing = { outcome: "harness_error" as const, error: "CI was red at the baseline", code_score: null };
		await recordSprintRun(store, sprintRun(definitions, version, { model: "model/a", orchestration: "direct" }));
		await recordSprintRun(
			store,
			sprintRun(definitions, version, { model: "model/a", orchestration: "direct", ...failing }),
		);
		const errorId = await recordSprintRun(
			store,
			sprintRun(definitions, version, { model: "model/c", orchestration: "orchestrate", ...failing }),
		);
		expect(store.scoresForRuns([errorId]).get(errorId)).toEqual([]);
		const board = leaderboard(store, "sprint-example");
		const lost = board.rows.find((row) => row.model_id === "model/c");
		expect(lost).toMatchObject({ harness: "sprint-orchestrate", headline: null, samples: 0, harness_errors: 1 });
		expect(board.rows.find((row) => row.model_id === "model/a")).toMatchObject({ headline: 0.8, harness_errors: 0 });
		expect(board.decision.best).toMatchObject({ model_id: "model/a" });
	});

	it("flags the old rows stale once the etalon changes the sprint's version", async () => {
		const { store, fixture, definitions, version } = await setup();
		await recordSprintRun(store, sprintRun(definitions, version, { model: "model/a", orchestration: "direct" }));
		await recordSprintRun(store, sprintRun(definitions, version, { model: "model/b", orchestration: "direct" }));
		const before = leaderboard(store, "sprint-example").benchmark_version;

		appendFileSync(join(fixture.sprintDir, "etalon", "calc.js"), "export const sub = (a, b) => a - b;\n");
		const changed = fixture.load();
		const next = await sprintVersion(changed.sprints[0] as never);
		expect(next).not.toBe(version);
		await recordSprintRun(
			store,
			sprintRun(changed, next, { model: "model/a", orchestration: "direct", code_score: 0.6 }),
		);

		const board = leaderboard(store, "sprint-example");
		expect(board.benchmark_version).not.toBe(before);
		expect(board.rows.map((row) => [row.model_id, row.headline])).toEqual([["model/a", 0.6]]);
		expect(board.stale_rows).toBe(2);
		// Pinned to the old version, its rows are still what they were.
		expect(leaderboard(store, "sprint-example", { benchmarkVersion: before }).rows).toHaveLength(2);
		const spec = store.getSpec(board.benchmark_version)?.spec as unknown as SpecDocument;
		expect(spec.cases[0]?.version).toBe(next);
		expect(spec.harnesses?.map((harness) => harness.id)).toEqual([
			"sprint-direct",
			"sprint-loop",
			"sprint-orchestrate",
		]);
	});

	it("refuses a model the registry does not know, writing nothing", async () => {
		const { store, definitions, version } = await setup();
		await expect(
			recordSprintRun(store, sprintRun(definitions, version, { model: "model/nowhere", orchestration: "direct" })),
		).rejects.toThrow(NotFoundError);
		expect(store.listRuns({ use_case_id: "sprint-example" })).toEqual([]);
	});
});
