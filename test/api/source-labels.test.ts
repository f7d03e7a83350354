import { Ajv2020 } from "ajv/dist/2020.js";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_BASE_PATH, createApi, OPENAPI_PATH } from "../../src/api/index.js";
import type { CaseMatrix, Inspection, Leaderboard, RosterEntry, UseCaseSummary } from "../../src/views/index.js";
import { firstCase, PROMPTFOO_FILE, type SourcesStore, sourcesStore } from "../support/sources-store.js";

/*
 * The API's answers over a store of rows recorded here, ingested from another store, imported from
 * promptfoo and summarised elsewhere (aggregate rows): each carries where its rows came from, held
 * to the documented schema with additional properties refused.
 */

let fixture: SourcesStore;
let app: Hono;
let document: {
	paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: object }> }> } }>;
};
beforeAll(async () => {
	fixture = sourcesStore();
	app = createApi({ store: fixture.store, useCases: [], rateToken: null });
	document = (await (await app.request(OPENAPI_PATH)).json()) as typeof document;
});
afterAll(() => fixture?.remove());

/** GETs `url` under the API base and holds its 200 answer to the schema documented for `route`. */
async function answer<T>(route: string, url: string): Promise<T> {
	const response = await app.request(`${API_BASE_PATH}${url}`);
	expect(response.status, url).toBe(200);
	const body = (await response.json()) as T;
	const schema = document.paths[`${API_BASE_PATH}${route}`]?.get.responses["200"]?.content["application/json"]?.schema;
	const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema as object);
	expect(validate(body) ? [] : validate.errors, url).toEqual([]);
	return body;
}

describe("source labels in the API's answers", () => {
	it("serves the leaderboard's rows with their sources, and aggregate rows with theirs", async () => {
		const board = await answer<Leaderboard>("/leaderboard", "/leaderboard?use_case=agentic");
		expect(board.rows.map((row) => [row.model_id, row.sources, row.native_rows]).sort()).toEqual([
			["m/a", ["lab"], 1],
			["m/b", ["lab"], 0],
			["m/local", [], 3],
		]);
		expect(board.aggregate_rows.map((row) => [row.model_id, row.source])).toEqual([["m/c", "far"]]);
		const only = await answer<Leaderboard>("/leaderboard", "/leaderboard?use_case=summaries-only");
		expect([only.rows.length, only.aggregate_rows.map((row) => row.source)]).toEqual([0, ["far"]]);
	});

	it("serves matrix cells and inspected samples with their sources and origins", async () => {
		const matrix = await answer<CaseMatrix>("/case-matrix", "/case-matrix?use_case=agentic");
		const column = matrix.models.findIndex((model) => model.model_id === "m/b");
		expect(matrix.rows.map((row) => row.cells[column]?.sources)).toEqual([["lab"], ["lab"], ["lab"]]);
		const inspection = await answer<Inspection>("/inspector", "/inspector?use_case=agentic&case_id=c2");
		expect(inspection.sources).toEqual(["lab"]);
		const origins = inspection.models.map((model) => [model.model_id, model.samples[0]?.origin?.kind ?? "here"]);
		expect(origins).toEqual([
			["m/a", "ingest"],
			["m/b", "ingest"],
			["m/local", "here"],
		]);
		const { use_case_id, source, sha256 } = fixture.imported;
		const caseId = firstCase(fixture.store, use_case_id);
		const imported = await answer<Inspection>("/inspector", `/inspector?use_case=${use_case_id}&case_id=${caseId}`);
		expect(imported.spec_ingest_source).toBe(source);
		expect(imported.models[0]?.samples[0]?.origin).toMatchObject({
			kind: "import",
			file: { path: PROMPTFOO_FILE, sha256 },
		});
	});

	it("lists use cases and the roster with their spec's home and their results' sources", async () => {
		const { use_cases } = await answer<{ use_cases: UseCaseSummary[] }>("/use-cases", "/use-cases");
		const imported = use_cases.find((item) => item.use_case_id === fixture.imported.use_case_id);
		expect(imported?.home_repo).toBe(`promptfoo:${PROMPTFOO_FILE}@${fixture.imported.sha256.slice(0, 12)}`);
		expect(use_cases.find((item) => item.use_case_id === "agentic")?.sources).toEqual(["far", "lab"]);
		const { roster } = await answer<{ roster: RosterEntry[] }>("/roster", "/roster");
		expect(roster.find((entry) => entry.id === "summaries-only")).toMatchObject({
			runs: 0,
			sources: ["far"],
			aggregate_models: 1,
		});
	});
});
