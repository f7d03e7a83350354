import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ScoreType } from "../contract/index.js";
import { StoreError } from "../contract/index.js";
import { openTemporaryStore, sampleCell, sampleRun, sampleScore, sampleSpec, type TemporaryStore } from "./index.js";

let temporary: TemporaryStore;

function rows(table: string): number {
	return (temporary.store.database.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

beforeEach(() => {
	temporary = openTemporaryStore();
	temporary.store.freezeSpec(sampleSpec());
});

afterEach(() => temporary.remove());

describe("recordCell", () => {
	it("round-trips a run and its scores with parsed JSON, booleans and null telemetry", () => {
		const { store } = temporary;
		const votes = store.putArtifact(JSON.stringify([{ juror: "j1" }]), "application/json");
		const runId = store.recordCell({
			run: sampleRun({ provenance: { runner: "single-shot", details: { isolation: "none" } } }),
			scores: [
				sampleScore({
					metric: "composite",
					critical_failure: true,
					gate_meta: { gate: "safety", cap: 0.2 },
					jury_votes_sha: votes.sha256,
				}),
				sampleScore({ metric: "passed", score_type: "boolean", value: 1, extras: { tests: [1, 2] } }),
			],
		});
		expect(runId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
		const run = store.getRun(runId);
		expect(run?.provenance).toEqual({ runner: "single-shot", details: { isolation: "none" } });
		expect(run?.telemetry.cost_usd).toBe(0.0012);
		expect(run?.telemetry.ttft_ms).toBeNull();
		expect(run?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
		const scores = store.scoresForRuns([runId]).get(runId) ?? [];
		expect(scores.map((score) => score.metric)).toEqual(["composite", "passed"]);
		expect(scores[0]?.critical_failure).toBe(true);
		expect(scores[0]?.gate_meta).toEqual({ gate: "safety", cap: 0.2 });
		expect(scores[0]?.jury_votes_sha).toBe(votes.sha256);
		expect(scores[1]?.critical_failure).toBe(false);
		expect(scores[1]?.extras).toEqual({ tests: [1, 2] });
	});

	it("writes a cell with more scores than one statement holds", () => {
		const metrics = Array.from({ length: 150 }, (_, index) => `metric_${index}`);
		const runId = temporary.store.recordCell(sampleCell({}, metrics));
		expect(
			temporary.store
				.scoresForRuns([runId])
				.get(runId)
				?.map((score) => score.metric),
		).toEqual(metrics);
	});

	it("writes nothing when the second score has an invalid score_type", () => {
		const bad = sampleScore({ metric: "label", score_type: "percentage" as ScoreType });
		expect(() => temporary.store.recordCell({ run: sampleRun(), scores: [sampleScore(), bad] })).toThrow(StoreError);
		expect(rows("runs")).toBe(0);
		expect(rows("scores")).toBe(0);
	});

	it("writes nothing when the second score repeats a metric", () => {
		expect(() => temporary.store.recordCell(sampleCell({}, ["composite", "composite"]))).toThrow(
			/case short-email, model model-a.*already exists in scores/s,
		);
		expect(rows("runs")).toBe(0);
		expect(rows("scores")).toBe(0);
	});

	it("refuses a run referencing an artifact the store does not have", () => {
		expect(() => temporary.store.recordCell(sampleCell({ output_sha: "0".repeat(64) }))).toThrow(/FOREIGN KEY/);
		expect(rows("runs")).toBe(0);
	});

	it("refuses a run of a benchmark version that was never frozen", () => {
		expect(() => temporary.store.recordCell(sampleCell({ benchmark_version: "unknown" }))).toThrow(StoreError);
	});
});

describe("recordCells", () => {
	it("writes every cell or none", () => {
		const { store } = temporary;
		const good = sampleCell({}, ["a", "b"]);
		expect(() => store.recordCells([good, good, sampleCell({ depth: "shallow" as "limited" })])).toThrow(StoreError);
		expect(rows("runs")).toBe(0);
		expect(rows("scores")).toBe(0);
		const ids = store.recordCells([good, sampleCell({ sample_index: 1 }, ["a", "b"])]);
		expect(new Set(ids).size).toBe(2);
		expect(rows("scores")).toBe(4);
	});
});

describe("reads", () => {
	it("lists runs by filter, in write order", () => {
		const { store } = temporary;
		const [a0, b0, a1] = store.recordCells([
			sampleCell({ model_id: "model-a" }),
			sampleCell({ model_id: "model-b", cell_key: "k-b" }),
			sampleCell({ model_id: "model-a", sample_index: 1, status: "timeout", error: "took too long" }),
		]);
		expect(store.listRuns({ use_case_id: "summarization" }).map((run) => run.run_id)).toEqual([a0, b0, a1]);
		expect(store.listRuns({ use_case_id: "summarization", model_id: "model-a" }).map((run) => run.run_id)).toEqual([
			a0,
			a1,
		]);
		expect(store.listRuns({ use_case_id: "summarization", status: "timeout" })[0]?.error).toBe("took too long");
		expect(store.listRuns({ use_case_id: "summarization", cell_key: "k-b", model_id: undefined })).toHaveLength(1);
		expect(store.listRuns({ use_case_id: "other" })).toEqual([]);
	});

	it("counts a cell complete unless its runs all broke in the harness or a grader", () => {
		const { store } = temporary;
		store.recordCells([
			sampleCell({ cell_key: "graded", status: "failed", error: "wrong answer" }),
			sampleCell({ cell_key: "harness", status: "harness_error", error: "crashed" }),
			sampleCell({ cell_key: "ungraded", grader_error: "jury quorum not met" }),
			sampleCell({ cell_key: "retried", status: "harness_error", error: "crashed" }),
			sampleCell({ cell_key: "retried", sample_index: 0 }),
		]);
		expect([...store.completeCellKeys("summarization")].sort()).toEqual(["graded", "retried"]);
		expect(store.completeCellKeys("code-fix").size).toBe(0);
	});

	it("returns null for an unknown run and [] for a run without scores", () => {
		const { store } = temporary;
		const runId = store.recordCell(sampleCell({}, []));
		expect(store.getRun("nope")).toBeNull();
		const scores = store.scoresForRuns([runId, "nope"]);
		expect(scores.get(runId)).toEqual([]);
		expect(scores.get("nope")).toEqual([]);
	});
});
