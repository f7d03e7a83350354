import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StoreError } from "../contract/index.js";
import { type ComparisonVerdict, openTemporaryStore, sampleCell, sampleSpec, type TemporaryStore } from "./index.js";

let temporary: TemporaryStore;

beforeEach(() => {
	temporary = openTemporaryStore();
	temporary.store.freezeSpec(sampleSpec());
});

afterEach(() => temporary.remove());

describe("deployments, calibrations, volume snapshots and comparisons", () => {
	it("list deployments by deployed_at, the incumbent last", () => {
		const { store } = temporary;
		const deploy = (model_id: string, deployed_at: string) =>
			store.recordDeployment({
				use_case_id: "summarization",
				model_id,
				harness: "single-shot",
				config_source: "prod.yaml",
				deployed_at,
			});
		deploy("model-new", "2025-03-01T00:00:00.000Z");
		deploy("model-old", "2024-01-01T00:00:00.000Z");
		expect(store.listDeployments("summarization").map((deployment) => deployment.model_id)).toEqual([
			"model-old",
			"model-new",
		]);
	});

	it("keep a calibration report as parsed JSON", () => {
		const { store } = temporary;
		const report = { agreement: 0.82, per_metric: { composite: { n: 12 } } };
		const stored = store.recordCalibration({
			use_case_id: "summarization",
			benchmark_version: "bv-summarization-1",
			n: 12,
			report,
		});
		expect(store.listCalibrations("summarization")).toEqual([stored]);
		expect(stored.report).toEqual(report);
	});

	it("keep unknown volume figures as null", () => {
		const stored = temporary.store.recordVolumeSnapshot({
			use_case_id: "summarization",
			period_start: "2025-01-01T00:00:00.000Z",
			period_end: "2025-02-01T00:00:00.000Z",
			calls: 1200,
			input_tokens: null,
			output_tokens: null,
			cost_usd: null,
			source_file: "usage.csv",
		});
		expect(stored.cost_usd).toBeNull();
		expect(temporary.store.listVolumeSnapshots("summarization")).toEqual([stored]);
	});

	it("record many volume snapshots all or none", () => {
		const { store } = temporary;
		const snapshot = (calls: number) => ({
			use_case_id: "summarization",
			period_start: "2025-01-01T00:00:00.000Z",
			period_end: "2025-02-01T00:00:00.000Z",
			calls,
			input_tokens: 10,
			output_tokens: 5,
			cost_usd: null,
			source_file: "usage.jsonl",
		});
		expect(store.recordVolumeSnapshots([snapshot(1), snapshot(2)]).map((row) => row.calls)).toEqual([1, 2]);
		// The store's CHECK refuses a negative count: the first snapshot of the batch is not kept either.
		expect(() => store.recordVolumeSnapshots([snapshot(3), snapshot(-1)])).toThrow(StoreError);
		expect(store.listVolumeSnapshots("summarization").map((row) => row.calls)).toEqual([1, 2]);
	});

	it("record comparisons of stored runs only, with a known verdict or an error, never both", () => {
		const { store } = temporary;
		const [a = "", b = ""] = store.recordCells([sampleCell(), sampleCell({ model_id: "model-b" })]);
		const comparison = {
			use_case_id: "summarization",
			benchmark_version: "bv-summarization-1",
			case_id: "short-email",
			run_a: a,
			run_b: b,
			judge: "judge@1",
			verdict: "tie" as ComparisonVerdict,
			confidence: 0.6,
			reasoning_sha: null,
			diff_a_sha: null,
			diff_b_sha: null,
			rubric_version: "pairwise-1",
			error: null,
			cost_usd: 0.002,
			input_tokens: 900,
			output_tokens: 40,
		};
		expect(store.recordComparison(comparison).comparison_id).toBeGreaterThan(0);
		expect(() => store.recordComparison({ ...comparison, run_b: "missing" })).toThrow(StoreError);
		expect(() => store.recordComparison({ ...comparison, verdict: "both" as ComparisonVerdict })).toThrow(/CHECK/);
		// A reply that gave no verdict is an error row: a verdict and an error together, or neither, are refused.
		const failed = store.recordComparison({ ...comparison, verdict: null, error: "no JSON object", cost_usd: null });
		expect(failed).toMatchObject({ verdict: null, error: "no JSON object", cost_usd: null });
		expect(() => store.recordComparison({ ...comparison, error: "no JSON object" })).toThrow(/CHECK/);
		expect(() => store.recordComparison({ ...comparison, verdict: null })).toThrow(/CHECK/);
		expect(() => store.recordComparison({ ...comparison, cost_usd: -1 })).toThrow(/CHECK/);
		expect(store.listComparisons("summarization", "bv-summarization-1")).toHaveLength(2);
	});
});
