import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { BadInputError } from "../src/contract/index.js";
import { loadDefinitions } from "../src/definitions/index.js";
import { defaultRunParts, type RunRequest, runUseCase, StopControl } from "../src/orchestrator/index.js";
import { type ScriptedServer, startScriptedServer, validateScript } from "../src/scripted-server/index.js";
import { openStore, type Store } from "../src/store/index.js";
import { leaderboard } from "../src/views/index.js";
import { arithCases, arithScript, writeBenchFixture } from "./support/bench-fixture.js";
import { tempDir } from "./support/cli.js";

let server: ScriptedServer;

beforeAll(async () => {
	server = await startScriptedServer({
		script: validateScript(
			arithScript({
				"model/right": { right: true, latency_ms: 5 },
				"model/wrong": { right: false, latency_ms: 2, cost_usd: 0.0001 },
			}) as never,
		),
	});
});
afterAll(async () => server.close());

function setup(cases = 6) {
	const fixture = writeBenchFixture({
		cases,
		models: {
			"model/right": { price: { input: 1, output: 2 }, options: { concurrency: 16 } },
			"model/wrong": { options: { concurrency: 16 } },
		},
	});
	const data = tempDir();
	const store = openStore({ database: join(data, "db.sqlite"), artifacts: join(data, "artifacts") });
	const run = (overrides: Partial<RunRequest> = {}) =>
		runUseCase({
			definitions: loadDefinitions(fixture.dir),
			store,
			useCaseId: "arith",
			depth: "thorough",
			concurrency: 4,
			force: false,
			dryRun: false,
			parts: defaultRunParts({ TOUCHSTONE_SCRIPTED_URL: server.url }),
			stop: new StopControl(),
			provenance: { test: true },
			...overrides,
		});
	return { fixture, store, run };
}

function callsTo(model: string): number {
	return server.stats().models[model]?.requests ?? 0;
}

function countRows(store: Store): { runs: number; scores: number } {
	const runs = store.database.prepare("SELECT count(*) AS n FROM runs").get() as { n: number };
	const scores = store.database.prepare("SELECT count(*) AS n FROM scores").get() as { n: number };
	return { runs: runs.n, scores: scores.n };
}

describe("runUseCase against the scripted server over real HTTP", () => {
	it("calls onPrepared with the loaded cases and onPlanned before the spec is frozen, and onRunStart after", async () => {
		const { store, run } = setup();
		const events: string[] = [];
		await run({
			hooks: {
				onPrepared: (prepared) => {
					events.push(
						`prepared ${prepared.cases.length} cases, spec ${store.currentSpec("arith") === null ? "not frozen" : "frozen"}`,
					);
				},
				onPlanned: () => {
					events.push(`planned, spec ${store.currentSpec("arith") === null ? "not frozen" : "frozen"}`);
				},
				onRunStart: (plan) => {
					events.push(
						`start ${plan.toRun} of ${plan.cases} cases, spec ${store.currentSpec("arith") === null ? "not frozen" : "frozen"}`,
					);
				},
			},
		});
		expect(events).toEqual([
			"prepared 6 cases, spec not frozen",
			"planned, spec not frozen",
			"start 24 of 6 cases, spec frozen",
		]);
	});

	it("runs fleet × cases × samples once, then skips every current cell without calling a model", async () => {
		const { store, run } = setup();
		const before = callsTo("model/right");
		const first = await run();
		expect(first).toMatchObject({ planned: 24, skipped: 0, executed: 24, remaining: 0 });
		expect(first.statuses).toEqual({ completed: 24 });
		expect(callsTo("model/right") - before).toBe(12);
		// Each cell has its run row and its scores (the check metric and the composite headline).
		expect(countRows(store)).toEqual({ runs: 24, scores: 48 });
		// Each run's input hash is the one its spec froze for the case, and names its input artifact.
		const spec = store.currentSpec("arith")?.spec as unknown as { cases: { id: string; input_hash: string }[] };
		const frozen = new Map(spec.cases.map((testCase) => [testCase.id, testCase.input_hash]));
		const rows = store.database.prepare("SELECT case_id, input_hash, input_sha FROM runs").all() as {
			case_id: string;
			input_hash: string;
			input_sha: string;
		}[];
		for (const row of rows) {
			expect(row.input_hash).toBe(frozen.get(row.case_id));
			expect(row.input_sha).toBe(row.input_hash);
		}

		const again = await run();
		expect(again).toMatchObject({ planned: 24, skipped: 24, executed: 0 });
		expect(callsTo("model/right") - before).toBe(12);

		const board = leaderboard(store, "arith");
		const [best, worst] = board.rows;
		expect(best).toMatchObject({ model_id: "model/right", headline: 1, pass_rate: 1, cases: 6, samples: 12 });
		expect(best?.deployed).toBe(true);
		expect(worst).toMatchObject({ model_id: "model/wrong", headline: 0, pass_rate: 0, precision: "thorough" });
		// model/right is priced by the table; model/wrong reports a billed cost of 0.0001 per call.
		expect(worst?.cost_usd).toBeCloseTo(12 * 0.0001, 10);
		expect(best?.cost_usd).toBeGreaterThan(0);
		expect(best?.unknown_cost).toBe(0);
		store.close();
	});

	it("records on the store's writer thread the same rows, run after run, as on the run's own thread", async () => {
		const threaded = setup();
		const inline = setup();
		const first = await threaded.run({ writerThread: true });
		await inline.run({ writerThread: false });
		expect(first).toMatchObject({ planned: 24, executed: 24, remaining: 0 });
		expect(countRows(threaded.store)).toEqual(countRows(inline.store));
		expect(countRows(threaded.store)).toEqual({ runs: 24, scores: 48 });
		// Every input and output is readable, and each input row was written once for its two models.
		const artifacts = threaded.store.database.prepare("SELECT count(*) AS n FROM artifacts").get() as { n: number };
		expect(artifacts.n).toBe(
			(inline.store.database.prepare("SELECT count(*) AS n FROM artifacts").get() as { n: number }).n,
		);
		const shas = threaded.store.database.prepare("SELECT input_sha, output_sha FROM runs").all() as {
			input_sha: string;
			output_sha: string;
		}[];
		for (const { input_sha, output_sha } of shas) {
			expect(JSON.parse(threaded.store.readArtifactText(input_sha))).toHaveProperty("prompt");
			expect(threaded.store.readArtifactText(output_sha)).not.toBe("");
		}
		expect(await threaded.run({ writerThread: true })).toMatchObject({ skipped: 24, executed: 0 });
		expect(leaderboard(threaded.store, "arith").rows.map((row) => [row.model_id, row.headline])).toEqual(
			leaderboard(inline.store, "arith").rows.map((row) => [row.model_id, row.headline]),
		);
	});

	it("limited depth runs floor cases once; a later thorough run reuses those cells", async () => {
		const { store, run } = setup(6);
		const limited = await run({ depth: "limited" });
		expect(limited).toMatchObject({ planned: 6, executed: 6 });
		const rows = store.database.prepare("SELECT DISTINCT case_kind, sample_index, depth FROM runs").all();
		expect(rows).toEqual([{ case_kind: "floor", sample_index: 0, depth: "limited" }]);
		expect(leaderboard(store, "arith").rows.every((row) => row.precision === "limited")).toBe(true);

		const thorough = await run();
		expect(thorough).toMatchObject({ planned: 24, skipped: 6, executed: 18 });
		expect(leaderboard(store, "arith").rows.every((row) => row.precision === "thorough")).toBe(true);
		store.close();
	});

	it("a dry run plans, calls nothing and writes nothing; --force re-runs current cells as new rows", async () => {
		const { store, run } = setup(2);
		const calls = server.stats().total;
		const dry = await run({ dryRun: true });
		expect(dry).toMatchObject({ planned: 8, skipped: 0, executed: 0, dry_run: true });
		expect(server.stats().total).toBe(calls);
		expect(store.listSpecs()).toEqual([]);
		expect(store.currentSpec("arith")).toBeNull();

		const first = await run({ models: ["model/wrong"], samples: 1 });
		expect(first.benchmark_version).toBe(dry.benchmark_version);
		const forced = await run({ models: ["model/wrong"], samples: 1, force: true });
		expect(forced).toMatchObject({ planned: 2, skipped: 0, executed: 2 });
		expect(countRows(store).runs).toBe(4);
		store.close();
	});

	it("editing one case re-runs only that case's cells; the old rows stay, flagged stale", async () => {
		const { fixture, store, run } = setup(4);
		const first = await run({ samples: 1 });
		const cases = arithCases(4);
		(cases[1] as { input: { prompt: string } }).input.prompt = "repeat the number 1, please";
		writeFileSync(join(fixture.dir, "packs", "arith", "cases.yaml"), stringify({ cases }));

		const second = await run({ samples: 1 });
		expect(second).toMatchObject({ planned: 8, skipped: 6, executed: 2 });
		expect(second.benchmark_version).not.toBe(first.benchmark_version);
		const board = leaderboard(store, "arith");
		expect(board.stale_rows).toBe(2);
		expect(countRows(store).runs).toBe(10);
		store.close();
	});

	it("refuses unknown --models and an idea use case with bad-input errors naming the fix", async () => {
		const { store, run } = setup(1);
		await expect(run({ models: ["model/nope"] })).rejects.toThrow(BadInputError);
		await expect(run({ models: ["model/nope"] })).rejects.toThrow(/--models.*no model `model\/nope`/s);
		await expect(run({ useCaseId: "nope" })).rejects.toThrow(/no use case `nope`/);
		expect(countRows(store).runs).toBe(0);
		store.close();
	});

	it("a missing endpoint variable is one bad-input error before any call", async () => {
		const { fixture, store } = setup(1);
		const attempt = runUseCase({
			definitions: loadDefinitions(fixture.dir),
			store,
			useCaseId: "arith",
			depth: "thorough",
			concurrency: 1,
			force: false,
			dryRun: false,
			parts: defaultRunParts({}),
			stop: new StopControl(),
			provenance: {},
		});
		await expect(attempt).rejects.toThrow(/TOUCHSTONE_SCRIPTED_URL/);
		expect(countRows(store).runs).toBe(0);
		expect(readFileSync(join(fixture.dir, "models.yaml"), "utf8")).toContain("TOUCHSTONE_SCRIPTED_URL");
		store.close();
	});
});
