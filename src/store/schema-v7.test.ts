import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AggregateRowInput, MIGRATIONS, openStore, sampleCell, sampleSpec, storedSchemaVersion } from "./index.js";

let folder: string;
let paths: { database: string; artifacts: string };

beforeEach(() => {
	folder = mkdtempSync(join(tmpdir(), "touchstone-schema-v7-"));
	paths = { database: join(folder, "store.db"), artifacts: join(folder, "artifacts") };
});

afterEach(() => rmSync(folder, { recursive: true, force: true }));

function aggregate(model_id: string, extra: Partial<AggregateRowInput> = {}): AggregateRowInput {
	return {
		use_case_id: "summarization",
		benchmark_version: "bv-summarization-1",
		headline_metric: "composite",
		band: 0.05,
		spec_cases: 4,
		model_id,
		harness: "single-shot",
		headline: 0.7,
		headline_interval: { low: 0.6, high: 0.8 },
		pass_rate: 0.5,
		cases: 4,
		samples: 8,
		cost_per_case_usd: null,
		p50_latency_ms: 900,
		precision: "thorough",
		provenance: { file: "board.json" },
		...extra,
	};
}

describe("migration 7: aggregate rows of a federated ingest", () => {
	it("migrates a store of schema 6 keeping its runs, and reports its version before and after", () => {
		const older = openStore({ ...paths, migrations: MIGRATIONS.slice(0, 6) });
		older.freezeSpec(sampleSpec());
		older.recordCell(sampleCell());
		older.close();
		expect(storedSchemaVersion(paths.database)).toBe(6);
		const store = openStore(paths);
		try {
			expect(store.appliedMigrations).toEqual([7]);
			expect(storedSchemaVersion(paths.database)).toBe(7);
			expect(store.listRuns({ use_case_id: "summarization" })).toHaveLength(1);
			expect(store.verify().problems).toEqual([]);
		} finally {
			store.close();
		}
	});

	it("replaces only the rows of the same source and use case, keeps unknown figures null, and refuses UPDATE", () => {
		const store = openStore(paths);
		try {
			store.replaceAggregates("summarization", "lab", [
				aggregate("m-a"),
				aggregate("m-b", { headline_interval: null }),
			]);
			store.replaceAggregates("summarization", "other", [aggregate("m-a", { headline: 0.1 })]);
			store.replaceAggregates("kids", "lab", [aggregate("m-a", { use_case_id: "kids" })]);
			const again = store.replaceAggregates("summarization", "lab", [aggregate("m-c", { cost_per_case_usd: 0.002 })]);
			expect(again).toEqual({ deleted: 2, inserted: 1 });
			const rows = store.listAggregates("summarization");
			expect(rows.map((row) => [row.ingest_source, row.model_id, row.headline])).toEqual([
				["other", "m-a", 0.1],
				["lab", "m-c", 0.7],
			]);
			expect(rows[1]?.cost_per_case_usd).toBe(0.002);
			expect(rows[0]?.cost_per_case_usd).toBeNull();
			expect(rows[1]?.headline_interval).toEqual({ low: 0.6, high: 0.8 });
			expect(store.listAggregates("kids")).toHaveLength(1);
			expect(store.listAggregates("summarization", "bv-other")).toEqual([]);
			expect(() => store.database.prepare("UPDATE aggregate_rows SET headline = 1").run()).toThrow(/append-only/);
			expect(() => store.replaceAggregates("summarization", "lab", [aggregate("m-c"), aggregate("m-c")])).toThrow(
				/already exists in aggregate_rows/,
			);
			// The refused replacement changed nothing.
			expect(store.listAggregates("summarization")).toHaveLength(2);
			expect(() => store.replaceAggregates("summarization", " ", [])).toThrow(/ingest_source: is empty/);
		} finally {
			store.close();
		}
	});
});
