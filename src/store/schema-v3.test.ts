import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MIGRATIONS, openStore, sampleSpec } from "./index.js";
import { insertSchemaV1Run } from "./legacy-rows.js";
import { applyMigrations, schemaVersion } from "./migrate.js";

let folder: string;
let paths: { database: string; artifacts: string };

beforeEach(() => {
	folder = mkdtempSync(join(tmpdir(), "touchstone-schema-v3-"));
	paths = { database: join(folder, "store.db"), artifacts: join(folder, "artifacts") };
});

afterEach(() => rmSync(folder, { recursive: true, force: true }));

function specTableSql(database: Database.Database): string {
	return database
		.prepare("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'spec_snapshots'")
		.pluck()
		.get() as string;
}

describe("migration 3: spec_json without the json_valid check", () => {
	it("rebuilds spec_snapshots of a store with results, keeping every row, reference and guard", () => {
		const older = openStore({ ...paths, migrations: MIGRATIONS.slice(0, 2) });
		older.freezeSpec(sampleSpec());
		older.freezeSpec(sampleSpec({ benchmark_version: "bv-summarization-2", spec_hash: "spec-hash-2" }));
		older.activateSpec("summarization", "bv-summarization-1");
		const runId = insertSchemaV1Run(older.database, "run-before-v3");
		const specsBefore = older.listSpecs();
		const runBefore = older.database.prepare("SELECT * FROM runs").all();
		expect(specTableSql(older.database)).toContain("json_valid");
		older.close();

		const store = openStore({ ...paths, migrations: MIGRATIONS.slice(0, 3) });
		try {
			expect(store.appliedMigrations).toEqual([3]);
			expect(specTableSql(store.database)).not.toContain("json_valid");
			expect(store.listSpecs()).toEqual(specsBefore);
			expect(store.database.prepare("SELECT * FROM runs").all()).toEqual(runBefore);
			expect(store.database.pragma("foreign_key_check")).toEqual([]);
			expect(store.database.pragma("foreign_keys", { simple: true })).toBe(1);
			expect(store.database.pragma("legacy_alter_table", { simple: true })).toBe(0);
			// The rebuilt table is still append-only, first write wins, and referenced by runs.
			expect(() => store.database.exec("UPDATE spec_snapshots SET methodology = 'x'")).toThrow(/append-only/);
			expect(() => store.database.exec("DELETE FROM spec_snapshots")).toThrow(/append-only/);
			expect(store.freezeSpec(sampleSpec())).toEqual({ inserted: false });
			expect(() =>
				insertSchemaV1Run(store.database, "run-of-no-spec", { benchmark_version: "never-frozen" }),
			).toThrow();
			expect(insertSchemaV1Run(store.database, "run-after-v3", { sample_index: 1 })).toBe("run-after-v3");
		} finally {
			store.close();
		}
		const latest = openStore(paths);
		try {
			expect(latest.getRun(runId)?.run_id).toBe(runId);
		} finally {
			latest.close();
		}
	});

	it("rolls a table rebuild back when it would leave rows pointing at nothing", () => {
		const database = new Database(join(folder, "plain.db"));
		try {
			database.pragma("foreign_keys = ON");
			const one = {
				version: 1,
				name: "one",
				sql: "CREATE TABLE parent (id TEXT PRIMARY KEY); CREATE TABLE child (parent TEXT REFERENCES parent (id)); INSERT INTO parent VALUES ('a'); INSERT INTO child VALUES ('a');",
			};
			// A faulty rebuild that forgets to copy the rows.
			const two = {
				version: 2,
				name: "two",
				sql: "CREATE TABLE parent_v2 (id TEXT PRIMARY KEY); DROP TABLE parent; ALTER TABLE parent_v2 RENAME TO parent;",
				rebuildsTables: true,
			};
			applyMigrations(database, [one]);
			expect(() => applyMigrations(database, [one, two])).toThrow(/referencing missing ones .*nothing was changed/);
			expect(schemaVersion(database)).toBe(1);
			expect(database.prepare("SELECT count(*) FROM parent").pluck().get()).toBe(1);
			expect(database.pragma("foreign_keys", { simple: true })).toBe(1);
		} finally {
			database.close();
		}
	});
});
