import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { NotFoundError } from "../src/contract/index.js";
import { loadDefinitions } from "../src/definitions/index.js";
import { defaultRunParts, type RunRequest, runUseCase, StopControl } from "../src/orchestrator/index.js";
import { type ScriptedServer, startScriptedServer, validateScript } from "../src/scripted-server/index.js";
import { openStore, type Store } from "../src/store/index.js";
import { caseMatrix, inspectCase, leaderboard, roster, specView, useCaseSummaries } from "../src/views/index.js";
import { arithCases, writeBenchFixture } from "./support/bench-fixture.js";
import { tempDir } from "./support/cli.js";

/**
 * The read layer against a real store filled by real runs of scripted models over HTTP:
 * - m/best: always right, dearest, fast;
 * - m/twin: always right, cheaper and slower (the tie goes to it as best);
 * - m/close: wrong on one case of 40, cheapest and fastest: within the band by point estimate
 *   (gap 0.025 ≤ 0.05) but not with confidence (the paired interval reaches past the band);
 * - m/bad: always wrong.
 */
const CASES = 40;
const right = (latency: number, cost: number) => ({
	latency_ms: latency,
	cost_usd: cost,
	rules: [{ when: { user: "repeat the number (\\d+)" }, reply: "answer: $1." }],
});
const SCRIPT = {
	seed: 3,
	models: {
		"m/best": right(80, 0.01),
		"m/twin": right(250, 0.001),
		"m/close": {
			latency_ms: 1,
			cost_usd: 0.0001,
			rules: [
				{ when: { user: "repeat the number 7$" }, reply: "answer: none." },
				{ when: { user: "repeat the number (\\d+)" }, reply: "answer: $1." },
			],
		},
		"m/bad": { latency_ms: 1, cost_usd: 0.00001, rules: [{ reply: "answer: none." }] },
	},
};
const MODELS = ["m/best", "m/twin", "m/close", "m/bad"];

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer({ script: validateScript(SCRIPT as never) });
});
afterAll(async () => server.close());

function setup(deployed: string, cases = CASES) {
	const fixture = writeBenchFixture({
		cases,
		// m/legacy-prod is registered (it can be deployed) but never run.
		models: Object.fromEntries([...MODELS, "m/legacy-prod"].map((id) => [id, { options: { concurrency: 16 } }])),
	});
	const writeUseCases = (extra: object = {}) =>
		writeFileSync(
			join(fixture.dir, "use_cases.yaml"),
			stringify({
				use_cases: [
					{
						id: "arith",
						status: "runnable",
						modality: { input: "text", output: "text" },
						plugin: "cases",
						cases: "packs/arith/*.yaml",
						samples: 1,
						band: 0.05,
						grading: { headline: "composite" },
						deployed: { model: deployed, harness: "single-shot" },
						...extra,
					},
					{
						id: "voice",
						status: "idea",
						modality: { input: "text", output: "audio" },
						unlock: "answer calls",
						ceiling: "latency under 300 ms",
					},
				],
			}),
		);
	writeUseCases();
	const data = tempDir();
	const store = openStore({ database: join(data, "db.sqlite"), artifacts: join(data, "artifacts") });
	const run = (overrides: Partial<RunRequest> = {}) =>
		runUseCase({
			definitions: loadDefinitions(fixture.dir),
			store,
			useCaseId: "arith",
			depth: "thorough",
			concurrency: 16,
			force: false,
			dryRun: false,
			parts: defaultRunParts({ TOUCHSTONE_SCRIPTED_URL: server.url }),
			stop: new StopControl(),
			provenance: {},
			...overrides,
		});
	return { fixture, store, run, writeUseCases };
}

function row(store: Store, model: string) {
	return leaderboard(store, "arith").rows.find((item) => item.model_id === model);
}

describe("leaderboard and decision", () => {
	let store: Store;
	beforeAll(async () => {
		const setUp = setup("m/bad");
		store = setUp.store;
		await setUp.run({ models: MODELS });
	}, 60_000);
	afterAll(() => store.close());

	it("ranks by headline with intervals, pass rates, costs and the numbers behind them", () => {
		const board = leaderboard(store, "arith");
		// A tie on the headline goes to the cheaper model.
		expect(board.rows.map((item) => item.model_id)).toEqual(["m/twin", "m/best", "m/close", "m/bad"]);
		const close = board.rows.find((item) => item.model_id === "m/close");
		expect(close).toMatchObject({ headline: 39 / 40, pass_rate: 39 / 40, passed_cases: 39, cases: 40, samples: 40 });
		expect(close?.headline_interval?.low).toBeLessThan(39 / 40);
		expect(close?.headline_interval?.high).toBe(1);
		expect(close?.pass_rate_interval?.low).toBeGreaterThan(0.8);
		expect(close?.cost_usd).toBeCloseTo(40 * 0.0001, 10);
		expect(close?.cost_per_case_usd).toBeCloseTo(0.0001, 10);
		expect(close?.precision).toBe("thorough");
		expect(board.rows.find((item) => item.model_id === "m/best")?.headline_interval).toEqual({ low: 1, high: 1 });
	});

	it("gives the cost per case and the p50 latency their 95 % intervals", () => {
		const close = row(store, "m/close");
		// A scripted cost is the same on every case: the interval is that point.
		expect(close?.cost_per_case_interval?.low).toBeCloseTo(0.0001, 10);
		expect(close?.cost_per_case_interval?.high).toBeCloseTo(0.0001, 10);
		// 40 latencies: the binomial ranks of the median's 95 % interval are the 14th and the 27th.
		const latencies = store
			.listRuns({ use_case_id: "arith", model_id: "m/close" })
			.map((run) => run.telemetry.latency_ms as number)
			.sort((a, b) => a - b);
		expect(latencies).toHaveLength(40);
		expect(close?.p50_latency_interval).toEqual({ low: latencies[13], high: latencies[26] });
	});

	it("names the best, the cheapest and the fastest good enough with confidence, and says where points differ", () => {
		const { decision } = leaderboard(store, "arith");
		expect(decision.precision).toBe("thorough");
		// m/best and m/twin tie on every case: the cheaper is named best.
		expect(decision.best?.model_id).toBe("m/twin");
		expect(decision.cheapest_good_enough?.model_id).toBe("m/twin");
		expect(decision.fastest_good_enough?.model_id).toBe("m/best");
		expect(decision.point_estimate.cheapest_good_enough?.model_id).toBe("m/close");
		expect(decision.point_estimate.fastest_good_enough?.model_id).toBe("m/close");
		expect(decision.differs).toBe(true);
		const close = decision.candidates.find((item) => item.model_id === "m/close");
		expect(close).toMatchObject({ good_enough: false, good_enough_point: true, shared_cases: 40 });
		expect(close?.gap).toBeCloseTo(0.025, 10);
		expect(close?.gap_upper).toBeGreaterThan(0.05);
		expect(decision.candidates.find((item) => item.model_id === "m/bad")?.good_enough).toBe(false);
		expect(
			decision.notes.some(
				(note) => note.includes("m/close is within the band of m/twin") && note.includes("not with confidence"),
			),
		).toBe(true);
	});

	it("measures every row against the deployed incumbent over shared cases", () => {
		const board = leaderboard(store, "arith");
		expect(board.decision.incumbent).toEqual({ model_id: "m/bad", harness: "single-shot", benchmarked: true });
		expect(row(store, "m/bad")).toMatchObject({ deployed: true, delta_vs_deployed: null });
		const delta = row(store, "m/best")?.delta_vs_deployed;
		expect(delta).toMatchObject({ value: 1, shared_cases: 40, interval: { low: 1, high: 1 } });
	});

	it("lays out the case matrix in pages, and inspects one case side by side", () => {
		const first = caseMatrix(store, "arith", { limit: 15 });
		expect(first.models.map((model) => model.model_id)).toEqual(["m/best", "m/twin", "m/close", "m/bad"]);
		expect(first.rows).toHaveLength(15);
		expect(first.total_cases).toBe(40);
		const rest = caseMatrix(store, "arith", { limit: 100, cursor: first.next_cursor });
		expect(rest.rows).toHaveLength(25);
		expect(rest.next_cursor).toBeNull();
		const seven = first.rows.find((item) => item.case_id === "q00007");
		expect(seven?.cells.map((cell) => cell?.passed)).toEqual([true, true, false, false]);
		expect(() => caseMatrix(store, "arith", { cursor: "nonsense" })).toThrow("not a valid page cursor");

		const inspection = inspectCase(store, "arith", "q00007");
		expect(inspection.input).toEqual({ prompt: "repeat the number 7" });
		const close = inspection.models.find((model) => model.model_id === "m/close");
		expect(close?.passed).toBe(false);
		expect(close?.samples[0]?.output).toBe("answer: none.");
		expect(close?.samples[0]?.scores.map((score) => score.metric).sort()).toEqual(["answer", "composite"]);
		expect(inspection.artifact_errors).toEqual([]);
		expect(() => inspectCase(store, "arith", "no-such-case")).toThrow(NotFoundError);
	});

	it("answers the use cases, the spec and a NotFoundError for what the store lacks", () => {
		const [summary] = useCaseSummaries(store);
		expect(summary).toMatchObject({ use_case_id: "arith", cases: 40, runs: 160, models: 4, versions: 1 });
		expect(specView(store, summary?.benchmark_version as string)).toMatchObject({
			use_case_id: "arith",
			current: true,
		});
		expect(() => leaderboard(store, "nope")).toThrow(NotFoundError);
		expect(() => specView(store, "arith@000000000000")).toThrow(NotFoundError);
	});
});

describe("what the read layer leaves out, and says", () => {
	it("flags rows of a changed case as stale and keeps them out of every aggregate", async () => {
		const { fixture, store, run } = setup("m/best", 6);
		await run({ models: ["m/best", "m/twin"] });
		const cases = arithCases(6);
		(cases[5] as { input: { prompt: string } }).input.prompt = "repeat the number 5 please";
		writeFileSync(join(fixture.dir, "packs", "arith", "cases.yaml"), stringify({ cases }));
		// A run of another model makes the changed spec current (a dry run would write nothing).
		await run({ models: ["m/bad"] });
		const board = leaderboard(store, "arith");
		expect(board.stale_rows).toBe(2);
		const earlier = board.rows.filter((item) => item.model_id !== "m/bad");
		expect(earlier.map((item) => [item.model_id, item.cases, item.precision]).sort()).toEqual([
			["m/best", 5, "limited"],
			["m/twin", 5, "limited"],
		]);
		const changed = caseMatrix(store, "arith").rows.find((item) => item.case_id === "q00005");
		expect(changed?.cells.filter((cell) => cell !== null)).toHaveLength(1);
		store.close();
	}, 60_000);

	it("never averages depths: a limited row is marked and left out of a decision that has thorough rows", async () => {
		const { store, run } = setup("m/best", 6);
		await run({ models: ["m/best"] });
		expect(leaderboard(store, "arith").rows).toHaveLength(1);
		// A read is remembered only until the use case's runs change.
		await run({ models: ["m/close"], depth: "limited" });
		const board = leaderboard(store, "arith");
		expect(row(store, "m/close")).toMatchObject({ precision: "limited", cases: 3 });
		expect(board.decision.precision).toBe("thorough");
		expect(board.decision.candidates.map((item) => item.model_id)).toEqual(["m/best"]);
		expect(
			board.decision.notes.some((note) => note.includes("limited-depth rows are left out") && note.includes("m/close")),
		).toBe(true);
		store.close();
	}, 60_000);

	it("tells depth from coverage: a thorough row whose every cell errored is thorough, graded on no case", async () => {
		const { store, run } = setup("m/best", 4);
		await run({ models: ["m/best"] });
		// m/legacy-prod is not in the script: the server refuses every call (harness errors).
		await run({ models: ["m/legacy-prod"] });
		expect(row(store, "m/legacy-prod")).toMatchObject({
			precision: "thorough",
			cases: 0,
			headline: null,
			harness_errors: 4,
		});
		await run({ models: ["m/close"], depth: "limited" });
		expect(row(store, "m/close")).toMatchObject({ precision: "limited", cases: 2, harness_errors: 0 });
		store.close();
	}, 60_000);

	it("says when the deployed incumbent has never been benchmarked, and lists ideas on the roster", async () => {
		const { store, run } = setup("m/legacy-prod", 4);
		await run({ models: ["m/twin", "m/close"] });
		const board = leaderboard(store, "arith");
		expect(board.decision.incumbent).toEqual({ model_id: "m/legacy-prod", harness: "single-shot", benchmarked: false });
		expect(board.rows.every((item) => item.delta_vs_deployed === null && !item.deployed)).toBe(true);
		expect(board.decision.notes[0]).toContain("has not been benchmarked");
		const entries = roster(store, [
			{
				id: "arith",
				title: null,
				description: null,
				status: "runnable",
				modality: { input: "text", output: "text" },
				plugin: "cases",
				unlock: null,
				ceiling: null,
				deployed: { model: "m/legacy-prod", harness: "single-shot" },
			},
			{
				id: "voice",
				title: null,
				description: null,
				status: "idea",
				modality: { input: "text", output: "audio" },
				plugin: null,
				unlock: "answer calls",
				ceiling: "latency under 300 ms",
				deployed: null,
			},
		]);
		expect(entries.map((entry) => [entry.id, entry.status, entry.runs, entry.models_run])).toEqual([
			["arith", "runnable", 8, 2],
			["voice", "idea", 0, 0],
		]);
		store.close();
	}, 60_000);
});
