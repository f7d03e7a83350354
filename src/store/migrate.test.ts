import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StoreError } from "../contract/index.js";
import { MIGRATIONS, openStore, sampleCell, sampleSpec } from "./index.js";
import { applyMigrations, schemaVersion } from "./migrate.js";

let folder: string;
let paths: { database: string; artifacts: string };

beforeEach(() => {
	folder = mkdtempSync(join(tmpdir(), "touchstone-migrate-"));
	paths = { database: join(folder, "nested", "store.db"), artifacts: join(folder, "nested", "artifacts") };
});

afterEach(() => rmSync(folder, { recursive: true, force: true }));

function migrationRows(database: Database.Database): { version: number; applied_at: string }[] {
	return database.prepare("SELECT version, applied_at FROM schema_migrations ORDER BY version").all() as {
		version: number;
		applied_at: string;
	}[];
}

describe("migrations", () => {
	it("creates the folders and applies every migration to a new store, with WAL and foreign keys", () => {
		const store = openStore(paths);
		try {
			expect(store.appliedMigrations).toEqual(MIGRATIONS.map((migration) => migration.version));
			expect(store.database.pragma("journal_mode", { simple: true })).toBe("wal");
			expect(store.database.pragma("foreign_keys", { simple: true })).toBe(1);
			expect(store.database.pragma("recursive_triggers", { simple: true })).toBe(1);
		} finally {
			store.close();
		}
	});

	it("applies nothing twice when an existing store is reopened, and keeps its rows", () => {
		const first = openStore(paths);
		first.freezeSpec(sampleSpec());
		const runId = first.recordCell(sampleCell());
		const before = migrationRows(first.database);
		first.close();
		const second = openStore(paths);
		try {
			expect(second.appliedMigrations).toEqual([]);
			expect(migrationRows(second.database)).toEqual(before);
			expect(second.getRun(runId)?.run_id).toBe(runId);
		} finally {
			second.close();
		}
	});

	it("applies only the missing migrations, in one transaction", () => {
		const database = new Database(join(folder, "plain.db"));
		try {
			const one = { version: 1, name: "one", sql: "CREATE TABLE one (x INTEGER);" };
			const two = { version: 2, name: "two", sql: "CREATE TABLE two (x INTEGER);" };
			expect(applyMigrations(database, [one])).toEqual([1]);
			expect(applyMigrations(database, [one, two])).toEqual([2]);
			expect(applyMigrations(database, [one, two])).toEqual([]);
			const broken = { version: 3, name: "broken", sql: "CREATE TABLE three (x INTEGER); NOT SQL;" };
			const four = { version: 4, name: "four", sql: "CREATE TABLE four (x INTEGER);" };
			expect(() => applyMigrations(database, [one, two, broken, four])).toThrow();
			expect(schemaVersion(database)).toBe(2);
			expect(database.prepare("SELECT name FROM sqlite_schema WHERE name = 'three'").get()).toBeUndefined();
		} finally {
			database.close();
		}
	});

	it("refuses a store whose schema is newer than this code", () => {
		openStore(paths).close();
		const raw = new Database(paths.database);
		raw
			.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'future', ?)")
			.run(MIGRATIONS.length + 1, new Date().toISOString());
		raw.close();
		const open = () => openStore(paths);
		expect(open).toThrow(StoreError);
		expect(open).toThrow(`schema version ${MIGRATIONS.length + 1}, newer than this touchstone knows`);
		expect(() => openStore({ ...paths, readonly: true })).toThrow("newer than this touchstone knows");
	});

	it("opens read-only without creating anything, and refuses writes", () => {
		expect(() => openStore({ ...paths, readonly: true })).toThrow(`no touchstone store at ${paths.database}`);
		const writer = openStore(paths);
		writer.freezeSpec(sampleSpec());
		writer.close();
		const reader = openStore({ ...paths, readonly: true });
		try {
			expect(reader.getSpec("bv-summarization-1")?.use_case_id).toBe("summarization");
			expect(() => reader.recordCell(sampleCell())).toThrow(StoreError);
			expect(() => reader.putArtifact("not written", "text/plain")).toThrow("read-only");
			expect(readdirSync(paths.artifacts)).toEqual([]);
		} finally {
			reader.close();
		}
	});

	it("refuses migrations whose versions have gaps", () => {
		const database = new Database(":memory:");
		expect(() => applyMigrations(database, [{ version: 2, name: "skip", sql: "" }])).toThrow("without gaps");
		database.close();
	});
});
