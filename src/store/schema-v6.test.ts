import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MIGRATIONS, openStore, sampleCell, sampleSpec } from "./index.js";

let folder: string;
let paths: { database: string; artifacts: string };

beforeEach(() => {
	folder = mkdtempSync(join(tmpdir(), "touchstone-schema-v6-"));
	paths = { database: join(folder, "store.db"), artifacts: join(folder, "artifacts") };
});

afterEach(() => rmSync(folder, { recursive: true, force: true }));

function triggersOf(database: Database.Database): string[] {
	return database
		.prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'comparisons' ORDER BY name")
		.pluck()
		.all() as string[];
}

describe("migration 6: comparisons as the pairwise judge's ledger and cache", () => {
	it("keeps every comparison of an older store, with its runs' diff hashes and no rubric version, still append-only", () => {
		const older = openStore({ ...paths, migrations: MIGRATIONS.slice(0, 5) });
		let diffA = "";
		let diffB = "";
		try {
			older.freezeSpec(sampleSpec());
			diffA = older.putArtifact("--- a\n+++ b\n+one\n", "text/x-diff").sha256;
			diffB = older.putArtifact("--- a\n+++ b\n+two\n", "text/x-diff").sha256;
			const [a = "", b = ""] = older.recordCells([
				sampleCell({ diff_sha: diffA }),
				sampleCell({ model_id: "model-b", cell_key: "cell-key-2", diff_sha: diffB }),
			]);
			older.database
				.prepare(
					`INSERT INTO comparisons (use_case_id, benchmark_version, case_id, run_a, run_b, judge, verdict, confidence)
					VALUES ('summarization', 'bv-summarization-1', 'short-email', ?, ?, 'judge@1', ?, 0.7)`,
				)
				.run(a, b, "b");
		} finally {
			older.close();
		}
		const reopened = openStore({ ...paths, migrations: MIGRATIONS.slice(0, 5) });
		const before = triggersOf(reopened.database);
		reopened.close();
		expect(before).toHaveLength(3);

		const store = openStore(paths);
		try {
			expect(store.appliedMigrations).toEqual(MIGRATIONS.slice(5).map((migration) => migration.version));
			const [kept] = store.listComparisons("summarization");
			expect(kept).toMatchObject({
				judge: "judge@1",
				verdict: "b",
				confidence: 0.7,
				diff_a_sha: diffA,
				diff_b_sha: diffB,
				rubric_version: null,
				error: null,
				cost_usd: null,
			});
			expect(store.listComparisons("summarization")).toHaveLength(1);
			expect(triggersOf(store.database)).toEqual(before);
			const strict = store.database.prepare("SELECT strict FROM pragma_table_list WHERE name = 'comparisons'").pluck();
			expect(strict.get()).toBe(1);
			expect(store.database.pragma("foreign_key_check")).toEqual([]);
			expect(() => store.database.exec("UPDATE comparisons SET verdict = 'a'")).toThrow(/append-only/);
			expect(() => store.database.exec("DELETE FROM comparisons")).toThrow(/append-only/);
			expect(store.verify().problems).toEqual([]);
		} finally {
			store.close();
		}
	});
});
