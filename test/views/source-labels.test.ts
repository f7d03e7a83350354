import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	caseMatrix,
	inspectCase,
	leaderboard,
	reportJunit,
	reportMarkdown,
	reportPage,
	reportUseCase,
	roster,
	useCaseSummaries,
} from "../../src/views/index.js";
import { firstCase, PROMPTFOO_FILE, type SourcesStore, sourcesStore } from "../support/sources-store.js";

/*
 * Every view of a store holding rows recorded here, rows ingested from another store, an imported
 * promptfoo file and aggregate rows of a summary: each says where its rows came from.
 */

let fixture: SourcesStore;
beforeAll(() => {
	fixture = sourcesStore();
});
afterAll(() => fixture?.remove());

describe("source labels on the read layer's views", () => {
	it("labels each leaderboard row with the sources behind its current rows, and how many are this store's", () => {
		expect(fixture.ingest).toMatchObject({ joined: true, inserted: 5 });
		const board = leaderboard(fixture.store, "agentic");
		const origins = Object.fromEntries(board.rows.map((row) => [row.model_id, [row.sources, row.native_rows]]));
		expect(origins).toEqual({
			"m/local": [[], 3],
			"m/b": [["lab"], 0],
			"m/a": [["lab"], 1],
		});
		// The figures are the same rows': m/a's c0 here passed, its c1 from lab passed, c2 did not.
		expect(board.rows.find((row) => row.model_id === "m/a")).toMatchObject({ cases: 3, headline: 2 / 3 });
		expect(board.aggregate_rows.map((row) => [row.model_id, row.source, row.cases])).toEqual([["m/c", "far", 3]]);
	});

	it("labels each matrix cell with its rows' sources", () => {
		const matrix = caseMatrix(fixture.store, "agentic");
		const column = (model: string) => matrix.models.findIndex((item) => item.model_id === model);
		const cell = (caseId: string, model: string) =>
			matrix.rows.find((row) => row.case_id === caseId)?.cells[column(model)];
		expect(cell("c0", "m/a")).toMatchObject({ sources: [], native_rows: 1 });
		expect(cell("c1", "m/a")).toMatchObject({ sources: ["lab"], native_rows: 0, headline: 1 });
		expect(cell("c2", "m/b")).toMatchObject({ sources: ["lab"], native_rows: 0, passed: false });
		expect(cell("c2", "m/local")).toMatchObject({ sources: [], native_rows: 1 });
	});

	it("shows each inspected sample's source: the other store for an ingest, the file for an import", () => {
		const ingested = inspectCase(fixture.store, "agentic", "c1");
		expect(ingested.sources).toEqual(["lab"]);
		// The spec here was frozen by this store's own run first: it is this store's, not lab's.
		expect([ingested.home_repo, ingested.spec_ingest_source]).toEqual([null, null]);
		const sample = (model: string) => ingested.models.find((item) => item.model_id === model)?.samples[0];
		expect(sample("m/local")).toMatchObject({ ingest_source: null, origin: null });
		expect(sample("m/a")).toMatchObject({
			ingest_source: "lab",
			origin: {
				kind: "ingest",
				home_repo: `lab@${fixture.spec.benchmark_version}`,
				file: null,
				format: null,
			},
		});
		expect(sample("m/a")?.origin?.from).toMatch(/benchmarks\.db$/);
		expect(sample("m/a")?.origin?.foreign_run_id).toMatch(/./);

		const { use_case_id, source, sha256 } = fixture.imported;
		const caseId = firstCase(fixture.store, use_case_id);
		const imported = inspectCase(fixture.store, use_case_id, caseId);
		expect(imported.sources).toEqual([source]);
		expect(imported.spec_ingest_source).toBe(source);
		expect(imported.home_repo).toBe(`promptfoo:${PROMPTFOO_FILE}@${sha256.slice(0, 12)}`);
		const first = imported.models[0]?.samples[0];
		expect(first).toMatchObject({
			ingest_source: source,
			origin: { kind: "import", format: "promptfoo", file: { path: PROMPTFOO_FILE, sha256 }, home_repo: null },
		});
	});

	it("gives use-case summaries and the roster their spec's home and their results' sources, aggregate-only use cases too", () => {
		const summaries = Object.fromEntries(useCaseSummaries(fixture.store).map((item) => [item.use_case_id, item]));
		expect(summaries.agentic).toMatchObject({
			home_repo: null,
			ingest_source: null,
			sources: ["far", "lab"],
			native_runs: 4,
			aggregate_models: 1,
		});
		expect(summaries[fixture.imported.use_case_id]).toMatchObject({
			ingest_source: fixture.imported.source,
			sources: [fixture.imported.source],
			native_runs: 0,
		});
		const entries = Object.fromEntries(roster(fixture.store, []).map((entry) => [entry.id, entry]));
		expect(Object.keys(entries).sort()).toEqual(["agentic", fixture.imported.use_case_id, "summaries-only"].sort());
		expect(entries["summaries-only"]).toMatchObject({
			benchmark_version: null,
			runs: 0,
			sources: ["far"],
			aggregate_models: 1,
		});
		expect(entries["summaries-only"]?.description).toContain("known here only from summaries");
		expect(entries.agentic).toMatchObject({ sources: ["far", "lab"], native_runs: 4, runs: 9 });
	});

	it("reports rows from elsewhere marked with their source, and aggregate rows in a table of their own", () => {
		const page = reportPage(
			["agentic", "summaries-only"].map((id) => reportUseCase(fixture.store, id)),
			null,
		);
		const markdown = reportMarkdown(page);
		// The last line of a model: its leaderboard row (the decision's candidates table comes first).
		const line = (model: string) => markdown.split("\n").findLast((text) => text.startsWith(`| ${model} |`)) ?? "";
		expect(line("m/b")).toContain("from lab");
		expect(line("m/a")).toContain("from lab + 1 row recorded here");
		expect(line("m/local")).not.toContain("from");
		expect(line("m/c")).toContain("aggregate from far, 3 cases");
		expect(line("m/z")).toContain("aggregate from far, 2 cases");
		expect(markdown).toContain("No per-case rows here: this version is known only from summaries");
		// The aggregate-only use case has no per-case results, so no JUnit test case; ingested ones say where from.
		const junit = reportJunit(page);
		expect(junit).toContain('<testsuite name="summaries-only" tests="0"');
		const testCases = (model: string) =>
			junit.split("<testcase ").filter((block) => block.startsWith(`classname="${model} (single-shot)"`));
		expect(testCases("m/b").map((block) => block.includes('<property name="sources" value="lab"/>'))).toEqual([
			true,
			true,
			true,
		]);
		expect(testCases("m/local").map((block) => block.includes('name="sources"'))).toEqual([false, false, false]);
	});
});
