/**
 * The benchmarks' large store: 50 models × 2,000 `contains` cases × 5 samples, all CURRENT under a
 * spec frozen by the real spec-building path (prepareUseCase → buildSpec, keys from planCells),
 * model k answering right with probability 0.5 + 0.45 k / 49. Shared by the API benchmark and the
 * dashboard's matrix benchmark, so both measure the same 2,000 × 50 matrix.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { stringify } from "yaml";
import type { JsonObject } from "../src/contract/index.js";
import { loadDefinitions } from "../src/definitions/index.js";
import { defaultRunParts, planCells, prepareUseCase } from "../src/orchestrator/index.js";
import { type CellRecord, openStore, type ScoreRecord, type Store } from "../src/store/index.js";

/** Models (columns of the matrix). */
export const MODELS = 50;
/** Cases (rows of the matrix). */
export const CASES = 2_000;
/** Samples per case and model. */
export const SAMPLES = 5;
/** The use case the store holds. */
export const USE_CASE = "bench";
const CELLS_PER_TRANSACTION = 5_000;
const MB = 1024 * 1024;

/** Where a project's store lives. */
export interface BenchStorePaths {
	readonly database: string;
	readonly artifacts: string;
}

/** Writes a benchmarks/ folder: 50 models (never called) and one use case of 2,000 `contains` cases. */
export function writeDefinitions(root: string): void {
	const dir = join(root, "benchmarks");
	mkdirSync(join(dir, "packs", USE_CASE), { recursive: true });
	const models = Array.from({ length: MODELS }, (_, index) => ({
		id: modelId(index),
		provider: "openai-compatible",
		model: modelId(index),
		// Nothing is called: the rows are generated, only the spec is built from these definitions.
		base_url: "http://127.0.0.1:9/v1",
		price: { input: 0.1 * (index + 1), output: 0.2 * (index + 1) },
	}));
	writeFileSync(join(dir, "models.yaml"), stringify({ models }));
	writeFileSync(
		join(dir, "use_cases.yaml"),
		stringify({
			use_cases: [
				{
					id: USE_CASE,
					status: "runnable",
					modality: { input: "text", output: "text" },
					plugin: "cases",
					cases: `packs/${USE_CASE}/*.yaml`,
					samples: SAMPLES,
					grading: { headline: "composite" },
					deployed: { model: modelId(MODELS - 1), harness: "single-shot" },
				},
				{
					id: "speech",
					status: "idea",
					modality: { input: "text", output: "audio" },
					unlock: "read summaries aloud",
					ceiling: "names are mispronounced",
				},
			],
		}),
	);
	const cases = Array.from({ length: CASES }, (_, index) => ({
		id: caseId(index),
		kind: index < CASES / 2 ? "floor" : "ceiling",
		input: { prompt: `repeat the number ${index}` },
		checks: [{ metric: "answer", contains: [`answer: ${index}.`] }],
	}));
	writeFileSync(join(dir, "packs", USE_CASE, "cases.yaml"), stringify({ cases }));
}

export function modelId(index: number): string {
	return `bench/model-${String(index).padStart(2, "0")}`;
}

export function caseId(index: number): string {
	return `c${String(index).padStart(4, "0")}`;
}

/** A small deterministic generator (mulberry32), so every run of the bench writes the same store. */
export function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** Freezes the spec through the real path and writes every planned cell as a graded run. */
export async function fillStore(
	store: Store,
	dir: string,
): Promise<{ version: string; rows: number; seconds: number }> {
	const definitions = loadDefinitions(dir);
	const prepared = await prepareUseCase(definitions, USE_CASE, {
		parts: defaultRunParts({}),
		signal: new AbortController().signal,
	});
	const { spec } = prepared;
	store.freezeSpec({
		benchmark_version: spec.benchmark_version,
		use_case_id: USE_CASE,
		spec_hash: spec.spec_hash,
		spec: spec.document as unknown as JsonObject,
		home_repo: null,
		methodology: spec.methodology,
	});
	store.activateSpec(USE_CASE, spec.benchmark_version);
	const plan = planCells({
		spec: spec.document,
		cases: prepared.cases,
		fleet: prepared.fleet,
		depth: "thorough",
		samples: SAMPLES,
	});
	const wrong = store.putArtifact("answer: I do not know.", "text/plain").sha256;
	const outputs = prepared.cases.map((_item, index) => store.putArtifact(`answer: ${index}.`, "text/plain").sha256);
	const inputs = prepared.cases.map((item) => store.putArtifact(JSON.stringify(item.input), "application/json").sha256);
	const caseIndex = new Map(prepared.cases.map((item, index) => [item.id, index]));
	const modelIndex = new Map(prepared.fleet.map((model, index) => [model.id, index]));
	const next = random(42);
	const score = (metric: string, value: number): ScoreRecord => ({
		metric,
		score_type: "absolute",
		value,
		value_label: null,
		jury_votes_sha: null,
		inter_judge_disagreement: null,
		confidence: null,
		critical_failure: false,
		gate_meta: null,
		reasoning_sha: null,
		grader_version: "cases@1",
		judge_panel_version: null,
		extras: null,
	});
	const passing = [score("answer", 1), score(spec.document.headline, 1)];
	const failing = [score("answer", 0), score(spec.document.headline, 0)];
	const started = performance.now();
	for (let first = 0; first < plan.size; first += CELLS_PER_TRANSACTION) {
		const cells: CellRecord[] = [];
		for (let index = first; index < Math.min(plan.size, first + CELLS_PER_TRANSACTION); index++) {
			const cell = plan.cell(index);
			const model = modelIndex.get(cell.model.id) ?? 0;
			const at = caseIndex.get(cell.case.id) ?? 0;
			// Model k answers right with probability 0.5 + 0.45 k / 49: a spread leaderboard with near ties at the top.
			const right = next() < 0.5 + (0.45 * model) / (MODELS - 1);
			const latency = Math.round(200 + 800 * next() + 10 * model);
			cells.push({
				run: {
					benchmark_version: spec.benchmark_version,
					use_case_id: USE_CASE,
					case_id: cell.case.id,
					case_version: cell.case.version,
					case_kind: cell.case.kind,
					input_hash: cell.case.inputHash(),
					model_id: cell.model.id,
					harness: spec.document.harness.id,
					sample_index: cell.sample_index,
					depth: "thorough",
					cell_key: cell.cell_key,
					status: "completed",
					error: null,
					grader_error: null,
					telemetry: {
						cost_usd: 0.00001 * (model + 1),
						latency_ms: latency,
						ttft_ms: Math.round(latency / 4),
						input_tokens: 20,
						output_tokens: 6,
						cache_tokens: 0,
						tokens_per_sec: 30,
						turns: 1,
					},
					input_sha: inputs[at] ?? null,
					output_sha: right ? (outputs[at] ?? null) : wrong,
					trace_sha: null,
					diff_sha: null,
					raw_sha: null,
					provenance: { runner: "bench" },
					started_at: null,
					finished_at: null,
					redactions: 0,
					warnings: [],
				},
				scores: right ? passing : failing,
			});
		}
		store.recordCells(cells);
	}
	const { rows } = store.database.prepare("SELECT count(*) AS rows FROM scores").get() as { rows: number };
	return { version: spec.benchmark_version, rows, seconds: (performance.now() - started) / 1000 };
}

/** Generates the store, or reuses a kept one; returns its current version. */
export async function prepareStore(root: string, paths: BenchStorePaths): Promise<string> {
	const dir = join(root, "benchmarks");
	if (existsSync(paths.database)) {
		const store = openStore({ ...paths, readonly: true });
		try {
			const { rows } = store.database.prepare("SELECT count(*) AS rows FROM scores").get() as { rows: number };
			console.log(`store:             reusing ${paths.database} (${rows.toLocaleString("en-US")} score rows)`);
			return store.currentSpec(USE_CASE)?.benchmark_version ?? "";
		} finally {
			store.close();
		}
	}
	writeDefinitions(root);
	const store = openStore(paths);
	try {
		const filled = await fillStore(store, dir);
		store.database.pragma("wal_checkpoint(TRUNCATE)");
		const sizeMb = statSync(paths.database).size / MB;
		console.log(
			`store:             ${filled.rows.toLocaleString("en-US")} score rows (${MODELS} models × ${CASES} cases × ${SAMPLES} samples × 2 metrics), written in ${filled.seconds.toFixed(1)} s, ${sizeMb.toFixed(0)} MB`,
		);
		return filled.version;
	} finally {
		store.close();
	}
}
