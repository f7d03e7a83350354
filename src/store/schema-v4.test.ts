import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UNKNOWN_TELEMETRY } from "../contract/index.js";
import { MIGRATIONS, openStore, sampleCell, sampleSpec } from "./index.js";
import { insertSchemaV1Run } from "./legacy-rows.js";

let folder: string;
let paths: { database: string; artifacts: string };

beforeEach(() => {
	folder = mkdtempSync(join(tmpdir(), "touchstone-schema-v4-"));
	paths = { database: join(folder, "store.db"), artifacts: join(folder, "artifacts") };
});

afterEach(() => rmSync(folder, { recursive: true, force: true }));

const TABLES = [
	"spec_snapshots",
	"spec_activations",
	"artifacts",
	"runs",
	"scores",
	"owner_ratings",
	"deployments",
	"calibration_results",
	"volume_snapshots",
	"comparisons",
];

function schemaOf(database: Database.Database, type: "trigger" | "index" | "view"): Record<string, string> {
	const rows = database.prepare("SELECT name, sql FROM sqlite_schema WHERE type = ? AND sql IS NOT NULL").all(type);
	return Object.fromEntries((rows as { name: string; sql: string }[]).map((row) => [row.name, row.sql]));
}

function rowsOf(database: Database.Database, table: string): unknown[] {
	return database.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all();
}

/** A store at schema 3 with a row in every table, two of its runs holding what schema 4 refuses. */
function olderStore(): void {
	const older = openStore({ ...paths, migrations: MIGRATIONS.slice(0, 3) });
	try {
		older.freezeSpec(sampleSpec());
		older.activateSpec("summarization", "bv-summarization-1");
		const database = older.database;
		insertSchemaV1Run(database, "run-a");
		insertSchemaV1Run(database, "run-forged", {
			sample_index: 1,
			cost_usd: -1000,
			input_tokens: "0lots",
			output_tokens: 2.5,
			latency_ms: Number.POSITIVE_INFINITY,
		});
		database.exec(`
			INSERT INTO artifacts (sha256, path, size, content_type, content) VALUES ('${"a".repeat(64)}', '', 2, 'text/plain', x'6869');
			INSERT INTO owner_ratings (run_id, rating, label, note) VALUES ('run-a', 0.5, 'edit', 'fine');
			INSERT INTO deployments (use_case_id, model_id, harness, deployed_at) VALUES ('summarization', 'model-a', 'single-shot', '2025-01-01');
			INSERT INTO calibration_results (use_case_id, benchmark_version, n, report_json) VALUES ('summarization', 'bv-summarization-1', 3, '{}');
			INSERT INTO volume_snapshots (use_case_id, period_start, period_end, calls, cost_usd) VALUES ('summarization', '2025-01', '2025-02', 10, 1.5);
			INSERT INTO comparisons (use_case_id, benchmark_version, case_id, run_a, run_b, judge, verdict) VALUES ('summarization', 'bv-summarization-1', 'short-email', 'run-a', 'run-forged', 'owner', 'a');
		`);
	} finally {
		older.close();
	}
}

describe("migration 4: strict tables, telemetry checks, redactions and warnings", () => {
	it("rebuilds every table STRICT, keeping every row, index, view and append-only guard", () => {
		olderStore();
		const before = openStore({ ...paths, migrations: MIGRATIONS.slice(0, 3) });
		const rowsBefore = Object.fromEntries(TABLES.map((table) => [table, rowsOf(before.database, table)]));
		const triggersBefore = schemaOf(before.database, "trigger");
		const indexesBefore = schemaOf(before.database, "index");
		const viewsBefore = schemaOf(before.database, "view");
		before.close();

		const store = openStore({ ...paths, migrations: MIGRATIONS.slice(0, 4) });
		try {
			expect(store.appliedMigrations).toEqual([4]);
			const strict = store.database.prepare("SELECT name, strict FROM pragma_table_list WHERE schema = 'main'").all();
			for (const table of TABLES) expect(strict).toContainEqual({ name: table, strict: 1 });
			expect(schemaOf(store.database, "trigger")).toEqual(triggersBefore);
			expect(schemaOf(store.database, "index")).toEqual(indexesBefore);
			expect(schemaOf(store.database, "view")).toEqual(viewsBefore);
			for (const table of TABLES.filter((name) => name !== "runs"))
				expect(rowsOf(store.database, table)).toEqual(rowsBefore[table]);
			const [kept, forged] = rowsOf(store.database, "runs") as Record<string, unknown>[];
			const [keptBefore, forgedBefore] = rowsBefore.runs as Record<string, unknown>[];
			// Runs gain two columns, unknown (NULL) on runs recorded before them.
			expect(kept).toEqual({ ...keptBefore, redactions: null, warnings_json: null });
			// What was never a figure is unknown now; everything else is as it was.
			expect(forged).toEqual({
				...forgedBefore,
				cost_usd: null,
				input_tokens: null,
				output_tokens: null,
				latency_ms: null,
				redactions: null,
				warnings_json: null,
			});
			expect(store.getRun("run-a")).toMatchObject({ redactions: null, warnings: null });
			expect(store.database.pragma("foreign_key_check")).toEqual([]);
			expect(store.database.pragma("foreign_keys", { simple: true })).toBe(1);
			expect(() => store.database.exec("UPDATE runs SET cost_usd = 0")).toThrow(/append-only/);
			expect(() => store.database.exec("DELETE FROM scores")).toThrow(/append-only/);
			expect(() => insertSchemaV1Run(store.database, "run-a")).toThrow(/already exists/);
		} finally {
			store.close();
		}
	});

	it("refuses telemetry that is not a figure and keeps a run's redactions and warnings", () => {
		const store = openStore(paths);
		try {
			store.freezeSpec(sampleSpec());
			const forged = (telemetry: Record<string, unknown>, sample_index: number) =>
				store.recordCell(
					sampleCell({ sample_index, telemetry: { ...UNKNOWN_TELEMETRY, ...telemetry } as typeof UNKNOWN_TELEMETRY }),
				);
			expect(() => forged({ input_tokens: "lots" }, 1)).toThrow(/could not record the cell/);
			expect(() => forged({ output_tokens: 1.5 }, 2)).toThrow(/could not record the cell/);
			expect(() => forged({ cost_usd: -1000 }, 3)).toThrow(/could not record the cell/);
			expect(() => forged({ latency_ms: Number.POSITIVE_INFINITY }, 4)).toThrow(/could not record the cell/);
			expect(() => forged({ turns: -1 }, 5)).toThrow(/could not record the cell/);
			expect(store.listRuns({ use_case_id: "summarization" })).toEqual([]);

			const runId = store.recordCell(
				sampleCell({ redactions: 2, warnings: ["usage.cost was -1 (not a cost): unknown"] }),
			);
			expect(store.getRun(runId)).toMatchObject({
				redactions: 2,
				warnings: ["usage.cost was -1 (not a cost): unknown"],
			});
			expect(() => store.recordCell(sampleCell({ sample_index: 6, redactions: -1 }))).toThrow(/could not record/);
		} finally {
			store.close();
		}
	});
});
