import { rmSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BadInputError } from "../../src/contract/index.js";
import { ingestStore } from "../../src/orchestrator/index.js";
import { MIGRATIONS, openStore } from "../../src/store/index.js";
import { inspectCase, leaderboard } from "../../src/views/index.js";
import { type FixtureStore, fixtureCell, fixtureSpec, fixtureStore, recordFixture } from "./foreign-fixture.js";

let foreign: FixtureStore;
let here: FixtureStore;
beforeEach(() => {
	foreign = fixtureStore({ inline_artifact_bytes: 0 });
	here = fixtureStore();
});
afterEach(() => {
	foreign.remove();
	here.remove();
});

const MODELS = ["m/a", "m/b"];
const spec = fixtureSpec("agentic", 3, MODELS);
const pass = (index: number, model: string) => model === "m/a" || index === 0;

/** The figures of a leaderboard a reader compares, without what is this store's own (write times, run ids). */
function figures(store: FixtureStore["store"], useCase: string) {
	const board = leaderboard(store, useCase);
	return {
		version: board.benchmark_version,
		rows: board.rows.map(({ model_id, headline, cases, samples, pass_rate, harness_errors, cost_usd }) => ({
			model_id,
			headline,
			cases,
			samples,
			pass_rate,
			harness_errors,
			cost_usd,
		})),
		best: board.decision.best?.model_id ?? null,
	};
}

describe("ingestStore: per-case rows of another store", () => {
	it("mirrors the current rows with their artifacts, so the leaderboard and inspector here match the other store's", () => {
		recordFixture(foreign.store, spec, MODELS, pass);
		foreign.store.recordCell(fixtureCell(foreign.store, spec, 2, "m/b", false, { status: "harness_error" }));
		const result = ingestStore(here.store, { from: foreign.database, source: "lab" });
		expect(result.use_cases).toMatchObject([
			{ use_case_id: "agentic", inserted: 7, harness_errors: 1, joined: false, spec_inserted: true },
		]);
		expect(result.artifacts_unavailable).toBe(0);
		expect(figures(here.store, "agentic")).toEqual(figures(foreign.store, "agentic"));
		const stored = here.store.currentSpec("agentic");
		expect(stored).toMatchObject({ ingest_source: "lab", home_repo: `lab@${spec.benchmark_version}` });
		expect(stored?.spec_hash).toBe(spec.spec_hash);
		const inspected = inspectCase(here.store, "agentic", "c1");
		const output = inspected.models.find((model) => model.model_id === "m/b")?.samples[0]?.output;
		expect(output).toBe("m/b answers case 1: wrong");
		expect(inspected.models[0]?.samples[0]?.scores[0]?.reasoning).toMatch(/found it|missing/);
		expect(inspected.artifact_errors).toEqual([]);
		const run = here.store.listRuns({ use_case_id: "agentic", model_id: "m/a", case_id: "c0" })[0];
		const original = foreign.store.listRuns({ use_case_id: "agentic", model_id: "m/a", case_id: "c0" })[0];
		expect(run?.cell_key).toBe(original?.cell_key);
		expect(run?.ingest_source).toBe("lab");
		expect(run?.provenance).toMatchObject({
			runner: "single-shot",
			ingest: { source: "lab", from: foreign.database, foreign_run_id: original?.run_id },
		});
	});

	it("replaces exactly its own rows on a re-sync; rows recorded here and another source's stay", () => {
		recordFixture(foreign.store, spec, MODELS, pass);
		// The same definitions run here too: the foreign rows join the version, next to a model of this machine's.
		const local = fixtureSpec("agentic", 3, [...MODELS, "m/local"]);
		recordFixture(here.store, local, ["m/local"], () => true);
		const native = here.store.listRuns({ use_case_id: "agentic" }).map((run) => run.run_id);
		const other = fixtureSpec("kids", 2, ["m/a"]);
		recordFixture(here.store, other, ["m/a"], () => true, { ingest_source: "elsewhere" });
		// Here the version differs (the registry has one more model): refused, nothing written.
		expect(() => ingestStore(here.store, { from: foreign.database, source: "lab" })).toThrow(
			/agentic holds touchstone's own runs[\s\S]*fix: leave it out/,
		);
		expect(here.store.listRuns({ use_case_id: "agentic" })).toHaveLength(3);

		const same = fixtureStore();
		try {
			recordFixture(same.store, spec, ["m/a"], () => true);
			const nativeSame = same.store.listRuns({ use_case_id: "agentic" }).map((run) => run.run_id);
			const first = ingestStore(same.store, { from: foreign.database, source: "lab" });
			expect(first.use_cases[0]).toMatchObject({ joined: true, spec_inserted: false, inserted: 6 });
			expect(same.store.currentSpec("agentic")?.ingest_source).toBeNull();
			const second = ingestStore(same.store, { from: foreign.database, source: "lab" });
			expect(second.use_cases[0]).toMatchObject({ inserted: 6, deleted: { runs: 6, scores: 6 } });
			const runs = same.store.listRuns({ use_case_id: "agentic" });
			expect(runs).toHaveLength(9);
			expect(runs.filter((run) => run.ingest_source === null).map((run) => run.run_id)).toEqual(nativeSame);
		} finally {
			same.remove();
		}
		expect(here.store.listRuns({ use_case_id: "agentic" }).map((run) => run.run_id)).toEqual(native);
		expect(here.store.listRuns({ use_case_id: "kids" })).toHaveLength(2);
	});

	it("brings the rows without an artifact the other store cannot give, each with a warning, and counts them", () => {
		recordFixture(foreign.store, spec, MODELS, pass);
		const [sample] = foreign.store.listRuns({ use_case_id: "agentic", model_id: "m/b", case_id: "c2" });
		const file = foreign.store.getArtifact(sample?.output_sha as string)?.path as string;
		unlinkSync(join(foreign.artifacts, file));
		const result = ingestStore(here.store, { from: foreign.database, source: "lab" });
		expect(result.use_cases[0]).toMatchObject({ inserted: 6, runs_with_warnings: 1 });
		expect(result.artifacts_unavailable).toBe(1);
		const [run] = here.store.listRuns({ use_case_id: "agentic", model_id: "m/b", case_id: "c2" });
		expect(run?.output_sha).toBeNull();
		expect(run?.warnings?.[0]).toMatch(/^output not available at ingest from lab: artifact [0-9a-f]{64} is missing/);
		// The figures are still the other store's: a lost text changes no number.
		expect(figures(here.store, "agentic")).toEqual(figures(foreign.store, "agentic"));

		// No artifacts folder at all: every row still comes, and every file artifact is counted.
		rmSync(foreign.artifacts, { recursive: true });
		const bare = fixtureStore();
		try {
			const again = ingestStore(bare.store, { from: foreign.database, source: "lab" });
			expect(again.artifacts_folder_found).toBe(false);
			expect(again.use_cases[0]?.inserted).toBe(6);
			// 3 inputs, 6 outputs and 3 reasonings, each a file there and each counted once.
			expect(again.artifacts_unavailable).toBe(12);
			expect(again.use_cases[0]?.runs_with_warnings).toBe(6);
		} finally {
			bare.remove();
		}
	});

	it("names the use cases there when asked for one it does not have, and writes nothing", () => {
		recordFixture(foreign.store, spec, MODELS, pass);
		let error: unknown;
		try {
			ingestStore(here.store, { from: foreign.database, source: "lab", use_cases: ["agentic", "nope"] });
		} catch (caught) {
			error = caught;
		}
		expect(error).toBeInstanceOf(BadInputError);
		expect((error as BadInputError).issues).toMatchObject([
			{ source: "--use-case", path: "nope", fix: "use cases there: agentic" },
		]);
		expect(here.store.listSpecs()).toEqual([]);
		expect(() => ingestStore(here.store, { from: foreign.database, source: "no spaces" })).toThrow(
			/is not a source name/,
		);
		expect(() => ingestStore(here.store, { from: here.database, source: "lab" })).toThrow(/cannot ingest itself/);
	});

	it("leaves out rows the other store ingested itself unless asked, and a use case that is only a mirror", () => {
		recordFixture(foreign.store, spec, ["m/a"], () => true);
		const mirrored = fixtureCell(foreign.store, spec, 0, "m/b", true);
		foreign.store.replaceIngested("agentic", "third", [mirrored]);
		const onlyMirror = fixtureSpec("mirror", 1, ["m/a"]);
		foreign.store.freezeSpec(onlyMirror, { ingest_source: "third" });
		foreign.store.activateSpec("mirror", onlyMirror.benchmark_version);
		foreign.store.replaceIngested("mirror", "third", [fixtureCell(foreign.store, onlyMirror, 0, "m/a", true)]);

		const result = ingestStore(here.store, { from: foreign.database, source: "lab" });
		expect(result.use_cases.map((item) => [item.use_case_id, item.inserted, item.left_out_ingested])).toEqual([
			["agentic", 3, 1],
		]);
		expect(result.skipped).toMatchObject([
			{ use_case_id: "mirror", reason: /ingested from third.*--include-ingested/ },
		]);
		const all = ingestStore(here.store, { from: foreign.database, source: "lab", include_ingested: true });
		expect(all.use_cases.map((item) => [item.use_case_id, item.inserted])).toEqual([
			["agentic", 4],
			["mirror", 1],
		]);
		const [run] = here.store.listRuns({ use_case_id: "agentic", model_id: "m/b" });
		expect(run?.provenance).toMatchObject({ ingest: { source: "lab", foreign_ingest_source: "third" } });
	});

	it("refuses a store of a schema it cannot read, with the fix, and never migrates it", () => {
		const old = fixtureStore();
		old.store.close();
		rmSync(old.database);
		openStore({ database: old.database, artifacts: old.artifacts, migrations: MIGRATIONS.slice(0, 4) }).close();
		try {
			expect(() => ingestStore(here.store, { from: old.database, source: "lab" })).toThrow(
				/schema version 4; ingest reads 5 to \d+[\s\S]*fix: let the touchstone that owns it migrate it/,
			);
			// Still at 4: the ingest only read it.
			const reopened = openStore({ ...old, migrations: MIGRATIONS.slice(0, 4) });
			expect(reopened.appliedMigrations).toEqual([]);
			reopened.close();
			foreign.store.database
				.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', 'x')")
				.run();
			expect(() => ingestStore(here.store, { from: foreign.database, source: "lab" })).toThrow(
				/schema version 99, newer than this touchstone knows[\s\S]*fix: upgrade touchstone here/,
			);
			expect(() => ingestStore(here.store, { from: join(foreign.folder, "nothing.db"), source: "lab" })).toThrow(
				/there is no file there/,
			);
		} finally {
			old.remove();
		}
	});
});
