import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { API_BASE_PATH, createApi, OPENAPI_PATH } from "../../src/api/index.js";
import { BadInputError } from "../../src/contract/index.js";
import { ingestSummary } from "../../src/orchestrator/index.js";
import { leaderboard } from "../../src/views/index.js";
import { type FixtureStore, fixtureCell, fixtureSpec, fixtureStore, recordFixture } from "./foreign-fixture.js";

let foreign: FixtureStore;
let here: FixtureStore;
let boardFile: string;
beforeEach(() => {
	foreign = fixtureStore();
	here = fixtureStore();
	boardFile = join(foreign.folder, "board.json");
});
afterEach(() => {
	foreign.remove();
	here.remove();
});

const spec = fixtureSpec("agentic", 4, ["m/a", "m/b", "m/c"]);

/** The other machine: m/a passes 2 of 4, m/b 4 of 4, m/c (in progress) ran only 1 case; its leaderboard saved as JSON. */
function saveForeignBoard(): ReturnType<typeof leaderboard> {
	recordFixture(foreign.store, spec, ["m/a", "m/b"], (index, model) => model === "m/b" || index < 2);
	foreign.store.recordCell(fixtureCell(foreign.store, spec, 0, "m/c", true));
	const board = leaderboard(foreign.store, "agentic");
	writeFileSync(boardFile, JSON.stringify(board, null, 2));
	return board;
}

describe("ingestSummary: aggregate rows from a saved leaderboard", () => {
	it("shows the models this store has no per-case rows of, marked with their source, and never picks them", async () => {
		const foreignBoard = saveForeignBoard();
		expect(foreignBoard.decision.best?.model_id).toBe("m/b");
		// Here the same definitions ran m/a only, per case, and worse than m/b did there.
		recordFixture(here.store, spec, ["m/a"], (index) => index < 2);
		const result = ingestSummary(here.store, { from: boardFile, source: "lab" });
		expect(result.use_cases).toMatchObject([{ use_case_id: "agentic", inserted: 3, deleted: 0, joined: true }]);
		const board = leaderboard(here.store, "agentic");
		expect(board.rows.map((row) => [row.model_id, row.fidelity])).toEqual([["m/a", "per_case"]]);
		// Per-case wins: m/a's aggregate is hidden; m/b shows as the summary had it.
		expect(board.aggregate_rows.map((row) => [row.model_id, row.fidelity, row.source, row.headline])).toEqual([
			["m/b", "aggregate", "lab", 1],
			["m/c", "aggregate", "lab", 1],
		]);
		expect(board.aggregate_rows[1]).toMatchObject({ precision: "limited", cases: 1 });
		const summarised = foreignBoard.rows.find((row) => row.model_id === "m/b");
		expect(board.aggregate_rows[0]).toMatchObject({
			headline_interval: summarised?.headline_interval,
			pass_rate: summarised?.pass_rate,
			cases: 4,
			samples: 4,
			cost_per_case_usd: summarised?.cost_per_case_usd,
			p50_latency_ms: summarised?.p50_latency_ms,
			precision: "thorough",
		});
		// m/b's 1.0 beats m/a's 0.5, yet the decision rests on the per-case rows alone.
		expect(board.decision.best?.model_id).toBe("m/a");
		expect(board.decision.candidates.map((item) => item.model_id)).toEqual(["m/a"]);
		expect(board.decision.notes.join("\n")).toMatch(
			/aggregate rows from summaries are shown but never picked.*m\/b \(from lab\), m\/c \(from lab\)/,
		);

		// The API serves the new fields under its documented (strict) schema.
		const app = createApi({ store: here.store, useCases: [], rateToken: null });
		const document = (await (await app.request(OPENAPI_PATH)).json()) as {
			paths: Record<string, { get: { responses: { 200: { content: { "application/json": { schema: object } } } } } }>;
		};
		const schema =
			document.paths[`${API_BASE_PATH}/leaderboard`]?.get.responses[200].content["application/json"].schema;
		const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema as object);
		const answer = (await (await app.request(`${API_BASE_PATH}/leaderboard?use_case=agentic`)).json()) as {
			aggregate_rows: { source: string }[];
		};
		expect(validate(answer) ? [] : validate.errors).toEqual([]);
		expect(answer.aggregate_rows[0]?.source).toBe("lab");
	});

	it("makes a leaderboard of a use case known only from summaries, and a re-sync replaces only its own source", () => {
		saveForeignBoard();
		const first = ingestSummary(here.store, { from: boardFile, source: "lab" });
		expect(first.use_cases[0]?.inserted).toBe(3);
		const board = leaderboard(here.store, "agentic");
		expect(board).toMatchObject({
			benchmark_version: spec.benchmark_version,
			headline_metric: "answer",
			spec_cases: 4,
		});
		expect(board.rows).toEqual([]);
		expect(board.aggregate_rows.map((row) => row.model_id)).toEqual(["m/b", "m/c", "m/a"]);
		expect(board.decision.best).toBeNull();
		ingestSummary(here.store, { from: boardFile, source: "mirror-2" });
		const again = ingestSummary(here.store, { from: boardFile, source: "lab" });
		expect(again.use_cases[0]).toMatchObject({ inserted: 3, deleted: 3 });
		expect(here.store.listAggregates("agentic").map((row) => row.ingest_source)).toEqual([
			...Array(3).fill("mirror-2"),
			...Array(3).fill("lab"),
		]);
		// One row per model × harness on the board, the latest ingested.
		expect(leaderboard(here.store, "agentic").aggregate_rows.map((row) => row.source)).toEqual(["lab", "lab", "lab"]);
	});

	it("keeps a summary's own aggregate rows out unless asked, and unknown figures null", () => {
		saveForeignBoard();
		const saved = JSON.parse(JSON.stringify(leaderboard(foreign.store, "agentic"))) as Record<string, unknown>;
		saved.aggregate_rows = [
			{ fidelity: "aggregate", source: "third", model_id: "m/z", harness: "single-shot", headline: 0.4 },
		];
		writeFileSync(boardFile, JSON.stringify(saved));
		const result = ingestSummary(here.store, { from: boardFile, source: "lab" });
		expect(result.use_cases[0]).toMatchObject({ inserted: 3, left_out_ingested: 1 });
		ingestSummary(here.store, { from: boardFile, source: "lab", include_ingested: true });
		const z = leaderboard(here.store, "agentic").aggregate_rows.find((row) => row.model_id === "m/z");
		expect(z).toMatchObject({ headline: 0.4, pass_rate: null, cases: null, cost_per_case_usd: null, precision: null });
	});

	it("leaves out a summary's per-case rows that ran wholly elsewhere unless asked, keeping mixed ones", () => {
		// The other store ran m/a and m/b and one case of m/c; it mirrored m/x from a third store, and two more cases of m/c.
		const four = fixtureSpec("agentic", 4, ["m/a", "m/b", "m/c", "m/x"]);
		recordFixture(foreign.store, four, ["m/a", "m/b"], (index, model) => model === "m/b" || index < 2);
		foreign.store.recordCell(fixtureCell(foreign.store, four, 0, "m/c", true));
		foreign.store.replaceIngested("agentic", "third", [
			fixtureCell(foreign.store, four, 0, "m/x", true),
			fixtureCell(foreign.store, four, 1, "m/x", false),
			fixtureCell(foreign.store, four, 1, "m/c", true),
			fixtureCell(foreign.store, four, 2, "m/c", true),
		]);
		const saved = leaderboard(foreign.store, "agentic");
		writeFileSync(boardFile, JSON.stringify(saved));
		expect(saved.rows.find((row) => row.model_id === "m/x")).toMatchObject({ sources: ["third"], native_rows: 0 });
		expect(saved.rows.find((row) => row.model_id === "m/c")).toMatchObject({ sources: ["third"], native_rows: 1 });

		const result = ingestSummary(here.store, { from: boardFile, source: "lab" });
		expect(result.use_cases[0]).toMatchObject({ inserted: 3, left_out_ingested: 1 });
		expect(here.store.listAggregates("agentic").map((row) => row.model_id)).toEqual(["m/b", "m/c", "m/a"]);

		const all = ingestSummary(here.store, { from: boardFile, source: "lab", include_ingested: true });
		expect(all.use_cases[0]).toMatchObject({ inserted: 4, deleted: 3, left_out_ingested: 0 });
		const x = here.store.listAggregates("agentic").find((row) => row.model_id === "m/x");
		expect(x?.provenance).toMatchObject({ summary: { fidelity: "per_case", sources: ["third"] } });
	});

	it("refuses a bad file, an unknown use case and one at another version here, writing nothing", () => {
		saveForeignBoard();
		writeFileSync(join(foreign.folder, "broken.json"), "{ not json");
		expect(() => ingestSummary(here.store, { from: join(foreign.folder, "broken.json"), source: "lab" })).toThrow(
			/not JSON/,
		);
		const saved = JSON.parse(JSON.stringify(leaderboard(foreign.store, "agentic"))) as {
			rows: { headline: unknown }[];
		};
		(saved.rows[0] as { headline: unknown }).headline = "high";
		writeFileSync(join(foreign.folder, "wrong.json"), JSON.stringify(saved));
		let error: unknown;
		try {
			ingestSummary(here.store, { from: join(foreign.folder, "wrong.json"), source: "lab" });
		} catch (caught) {
			error = caught;
		}
		expect(error).toBeInstanceOf(BadInputError);
		expect((error as BadInputError).issues[0]?.path).toBe("rows[0].headline");
		expect(() => ingestSummary(here.store, { from: boardFile, source: "lab", use_cases: ["nope"] })).toThrow(
			/no leaderboard of use case nope[\s\S]*use cases there: agentic/,
		);
		recordFixture(here.store, fixtureSpec("agentic", 4, ["m/a"]), ["m/a"], () => true);
		expect(() => ingestSummary(here.store, { from: boardFile, source: "lab" })).toThrow(/its rows would never show/);
		expect(here.store.listAggregates("agentic")).toEqual([]);
	});
});
