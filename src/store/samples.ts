import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UNKNOWN_TELEMETRY } from "../contract/index.js";
import { openStore } from "./open-store.js";
import type { CellRecord, RunRecord, ScoreRecord } from "./run-records.js";
import type { SpecSnapshotInput } from "./specs.js";
import type { Store } from "./store.js";

/** A store in a fresh temporary folder, for tests and benchmarks. */
export interface TemporaryStore {
	/** The open store. */
	readonly store: Store;
	/** The temporary folder holding `store.db` and `artifacts/`. */
	readonly folder: string;
	/** Closes the store and deletes the folder. */
	remove(): void;
}

/** Opens a store in a new temporary folder (parallel-safe: every call gets its own folder). */
export function openTemporaryStore(options: { inline_artifact_bytes?: number } = {}): TemporaryStore {
	const folder = mkdtempSync(join(tmpdir(), "touchstone-store-"));
	const store = openStore({ database: join(folder, "store.db"), artifacts: join(folder, "artifacts"), ...options });
	return {
		store,
		folder,
		remove() {
			store.close();
			rmSync(folder, { recursive: true, force: true });
		},
	};
}

/** A small valid spec snapshot, for tests and benchmarks. */
export function sampleSpec(overrides: Partial<SpecSnapshotInput> = {}): SpecSnapshotInput {
	return {
		benchmark_version: "bv-summarization-1",
		use_case_id: "summarization",
		spec_hash: "spec-hash-1",
		spec: { cases: [{ id: "short-email", version: "1" }], judge_panel_version: "panel@1" },
		home_repo: null,
		methodology: "Key facts recalled, judged by a pinned jury.",
		...overrides,
	};
}

/** A valid run record of the sample spec, for tests and benchmarks. */
export function sampleRun(overrides: Partial<RunRecord> = {}): RunRecord {
	return {
		benchmark_version: "bv-summarization-1",
		use_case_id: "summarization",
		case_id: "short-email",
		case_version: "1",
		case_kind: "floor",
		input_hash: "input-hash-1",
		model_id: "model-a",
		harness: "single-shot",
		sample_index: 0,
		depth: "thorough",
		cell_key: "cell-key-1",
		status: "completed",
		error: null,
		grader_error: null,
		telemetry: { ...UNKNOWN_TELEMETRY, cost_usd: 0.0012, latency_ms: 840, input_tokens: 320, output_tokens: 45 },
		input_sha: null,
		output_sha: null,
		trace_sha: null,
		diff_sha: null,
		raw_sha: null,
		provenance: { runner: "single-shot", runner_version: "1" },
		started_at: "2025-01-01T00:00:00.000Z",
		finished_at: "2025-01-01T00:00:00.840Z",
		redactions: 0,
		warnings: [],
		...overrides,
	};
}

/** A valid score record, for tests and benchmarks. */
export function sampleScore(overrides: Partial<ScoreRecord> = {}): ScoreRecord {
	return {
		metric: "composite",
		score_type: "absolute",
		value: 0.8,
		value_label: null,
		jury_votes_sha: null,
		inter_judge_disagreement: null,
		confidence: null,
		critical_failure: false,
		gate_meta: null,
		reasoning_sha: null,
		grader_version: "contains@1",
		judge_panel_version: null,
		extras: null,
		...overrides,
	};
}

/** A valid cell: a sample run with one score per metric name. */
export function sampleCell(run: Partial<RunRecord> = {}, metrics: readonly string[] = ["composite"]): CellRecord {
	return { run: sampleRun(run), scores: metrics.map((metric) => sampleScore({ metric })) };
}
