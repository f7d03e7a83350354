import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTemporaryStore, sampleCell, sampleSpec, type TemporaryStore } from "./index.js";

let temporary: TemporaryStore;
let runId: string;

function rows(table: string): number {
	return (temporary.store.database.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

beforeEach(() => {
	temporary = openTemporaryStore();
	const { store } = temporary;
	store.freezeSpec(sampleSpec());
	store.activateSpec("summarization", "bv-summarization-1");
	const output = store.putArtifact("the summary", "text/plain");
	runId = store.recordCell(sampleCell({ output_sha: output.sha256 }));
	const other = store.recordCell(sampleCell({ model_id: "model-b", cell_key: "cell-key-2" }));
	store.addOwnerRating({ run_id: runId, rating: 0.9, label: "ship", note: null });
	store.recordDeployment({
		use_case_id: "summarization",
		model_id: "model-a",
		harness: "single-shot",
		config_source: null,
		deployed_at: "2025-01-01T00:00:00.000Z",
	});
	store.recordCalibration({ use_case_id: "summarization", benchmark_version: "bv-summarization-1", n: 1, report: {} });
	store.recordVolumeSnapshot({
		use_case_id: "summarization",
		period_start: "2025-01-01T00:00:00.000Z",
		period_end: "2025-02-01T00:00:00.000Z",
		calls: 10,
		input_tokens: null,
		output_tokens: null,
		cost_usd: null,
		source_file: null,
	});
	store.recordComparison({
		use_case_id: "summarization",
		benchmark_version: "bv-summarization-1",
		case_id: "short-email",
		run_a: runId,
		run_b: other,
		judge: "judge@1",
		verdict: "a",
		confidence: null,
		reasoning_sha: null,
		diff_a_sha: null,
		diff_b_sha: null,
		rubric_version: "pairwise-1",
		error: null,
		cost_usd: null,
		input_tokens: null,
		output_tokens: null,
	});
});

afterEach(() => temporary.remove());

const TABLES = [
	"schema_migrations",
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

describe("append-only triggers", () => {
	it("refuses raw UPDATE of a run's status", () => {
		expect(() => temporary.store.database.exec("UPDATE runs SET status = 'failed'")).toThrow(
			"touchstone store is append-only: UPDATE on runs is refused",
		);
		expect(temporary.store.getRun(runId)?.status).toBe("completed");
	});

	it.each(TABLES)("refuses UPDATE on %s", (table) => {
		expect(rows(table)).toBeGreaterThan(0);
		expect(() => temporary.store.database.exec(`UPDATE ${table} SET rowid = rowid`)).toThrow(
			`append-only: UPDATE on ${table} is refused`,
		);
	});

	it.each(TABLES)("refuses DELETE of a native row of %s", (table) => {
		expect(() => temporary.store.database.exec(`DELETE FROM ${table}`)).toThrow(
			`append-only: DELETE on ${table} is refused`,
		);
		expect(rows(table)).toBeGreaterThan(0);
	});

	it("deletes a row tagged with an ingest source", () => {
		const { store } = temporary;
		const ingested = store.recordCell(sampleCell({ cell_key: "remote" }, []), { ingest_source: "peer" });
		// Its seal goes first: it refers to the run.
		store.database.prepare("DELETE FROM run_seals WHERE run_id = ?").run(ingested);
		store.database.prepare("DELETE FROM runs WHERE run_id = ?").run(ingested);
		expect(store.getRun(ingested)).toBeNull();
		expect(store.getRun(runId)).not.toBeNull();
	});

	it("never deletes artifacts, spec activations or migrations, even ingest-era ones", () => {
		expect(() => temporary.store.database.exec("DELETE FROM artifacts WHERE 1")).toThrow("DELETE on artifacts");
		expect(() => temporary.store.database.exec("DELETE FROM spec_activations")).toThrow("DELETE on spec_activations");
	});

	it("keeps the first spec snapshot under INSERT OR REPLACE", () => {
		const { store } = temporary;
		store.database
			.prepare(
				"INSERT OR REPLACE INTO spec_snapshots (benchmark_version, use_case_id, spec_hash, spec_json, methodology) VALUES (?, ?, ?, ?, ?)",
			)
			.run("bv-summarization-1", "summarization", "other-hash", "{}", "other");
		const spec = store.getSpec("bv-summarization-1");
		expect(spec?.spec_hash).toBe("spec-hash-1");
		expect(spec?.methodology).toBe(sampleSpec().methodology);
	});

	it.each(["INSERT", "INSERT OR REPLACE", "INSERT OR IGNORE"])("refuses a duplicate run_id under %s", (verb) => {
		const { store } = temporary;
		const insert = `${verb} INTO runs (run_id, benchmark_version, use_case_id, case_id, case_version, case_kind, input_hash, model_id, harness, sample_index, depth, cell_key, status, provenance_json)
			VALUES (?, 'bv-summarization-1', 'summarization', 'c', '1', 'floor', 'h', 'm', 'single-shot', 0, 'limited', 'k', 'failed', '{}')`;
		expect(() => store.database.prepare(insert).run(runId)).toThrow("already exists in runs");
		expect(store.getRun(runId)?.model_id).toBe("model-a");
		expect(store.scoresForRuns([runId]).get(runId)).toHaveLength(1);
	});

	it("refuses to replace a score even from a connection without recursive triggers", () => {
		const raw = new Database(temporary.store.paths.database);
		try {
			raw.pragma("foreign_keys = ON");
			expect(() =>
				raw
					.prepare(
						"INSERT OR REPLACE INTO scores (run_id, metric, score_type, value, critical_failure, grader_version) VALUES (?, 'composite', 'absolute', 0, 0, 'x')",
					)
					.run(runId),
			).toThrow("already exists in scores");
		} finally {
			raw.close();
		}
		expect(temporary.store.scoresForRuns([runId]).get(runId)?.[0]?.value).toBe(0.8);
	});

	it("refuses a run whose use case is not its benchmark version's", () => {
		expect(() => temporary.store.recordCell(sampleCell({ use_case_id: "code-fix" }))).toThrow(
			"use_case_id must match the use case of its benchmark_version",
		);
		expect(temporary.store.listRuns({ use_case_id: "code-fix" })).toEqual([]);
	});
});
