import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
	cellKey,
	contentHash,
	type JsonObject,
	type SpecDocument,
	UNKNOWN_TELEMETRY,
} from "../../src/contract/index.js";
import { type CellRecord, openStore, type SpecSnapshotInput, type Store } from "../../src/store/index.js";

/** A store in a temporary folder of its own, laid out as touchstone lays one out (benchmarks.db, artifacts/). */
export interface FixtureStore {
	readonly store: Store;
	readonly folder: string;
	readonly database: string;
	readonly artifacts: string;
	remove(): void;
}

/** Opens a fresh store (optionally every artifact as a file: `inline_artifact_bytes: 0`). */
export function fixtureStore(options: { inline_artifact_bytes?: number } = {}): FixtureStore {
	const folder = mkdtempSync(join(tmpdir(), "touchstone-ingest-"));
	const database = join(folder, "benchmarks.db");
	const artifacts = join(folder, "artifacts");
	const store = openStore({ database, artifacts, ...options });
	return {
		store,
		folder,
		database,
		artifacts,
		remove() {
			store.close();
			rmSync(folder, { recursive: true, force: true });
		},
	};
}

/** A real spec document of `cases` cases and `models`, single-shot, headline `answer`. */
export function fixtureSpec(
	useCaseId: string,
	cases: number,
	models: readonly string[],
	salt = "1",
): SpecSnapshotInput {
	const document: SpecDocument = {
		spec_format: 1,
		use_case_id: useCaseId,
		plugin: "cases",
		headline: "answer",
		band: 0.05,
		samples: 1,
		deployed: null,
		judge_panel: null,
		grader: { id: "checks", version: "1", config: {} },
		harness: { id: "single-shot", key_part: contentHash({ harness: "single-shot", salt }), config: {} },
		cases: Array.from({ length: cases }, (_, index) => ({
			id: `c${index}`,
			version: "1",
			kind: "floor" as const,
			threshold: 1,
			input_hash: contentHash({ input: index }),
			key_part: contentHash({ case: index, salt }),
		})),
		models: Object.fromEntries(models.map((model) => [model, contentHash({ model, salt })])),
	};
	const spec_hash = contentHash(document);
	return {
		benchmark_version: `${useCaseId}@${spec_hash.slice(0, 12)}`,
		use_case_id: useCaseId,
		spec_hash,
		spec: document as unknown as JsonObject,
		home_repo: null,
		methodology: "Fixture: one check per case.",
	};
}

/**
 * One graded cell of `spec` (case `caseIndex`, `model`), its input, output and the check's
 * reasoning stored as artifacts of `store`; `pass` decides the headline.
 */
export function fixtureCell(
	store: Store,
	spec: SpecSnapshotInput,
	caseIndex: number,
	model: string,
	pass: boolean,
	extra: { status?: "completed" | "harness_error"; output?: string } = {},
): CellRecord {
	const document = spec.spec as unknown as SpecDocument;
	const specCase = document.cases[caseIndex];
	if (specCase === undefined) throw new TypeError(`no case ${caseIndex}`);
	const harnessError = extra.status === "harness_error";
	const output = extra.output ?? `${model} answers case ${caseIndex}: ${pass ? "right" : "wrong"}`;
	return {
		run: {
			benchmark_version: spec.benchmark_version,
			use_case_id: spec.use_case_id,
			case_id: specCase.id,
			case_version: specCase.version,
			case_kind: specCase.kind,
			input_hash: specCase.input_hash,
			model_id: model,
			harness: document.harness.id,
			sample_index: 0,
			depth: "thorough",
			cell_key: cellKey({
				case_part: specCase.key_part,
				model_part: document.models[model] as string,
				harness_part: document.harness.key_part,
				sample_index: 0,
			}),
			status: harnessError ? "harness_error" : "completed",
			error: harnessError ? "the provider hung up" : null,
			grader_error: null,
			telemetry: { ...UNKNOWN_TELEMETRY, latency_ms: 100 + caseIndex, cost_usd: 0.001 },
			input_sha: store.putArtifact(`{"prompt":"case ${caseIndex}"}`, "application/json").sha256,
			output_sha: harnessError ? null : store.putArtifact(output, "text/plain; charset=utf-8").sha256,
			trace_sha: null,
			diff_sha: null,
			raw_sha: null,
			provenance: { runner: "single-shot", runner_version: "1" },
			started_at: "2026-01-01T00:00:00.000Z",
			finished_at: "2026-01-01T00:00:00.100Z",
			redactions: 0,
			warnings: [],
		},
		scores: harnessError
			? []
			: [
					{
						metric: "answer",
						score_type: "boolean",
						value: pass ? 1 : 0,
						value_label: null,
						jury_votes_sha: null,
						inter_judge_disagreement: null,
						confidence: null,
						critical_failure: false,
						gate_meta: null,
						reasoning_sha: store.putArtifact(pass ? "found it" : `missing the answer of ${caseIndex}`, "text/plain")
							.sha256,
						grader_version: "checks@1",
						judge_panel_version: null,
						extras: null,
					},
				],
	};
}

/** Freezes `spec` in `store`, makes it current and records one cell per case × model (`pass(case, model)`). */
export function recordFixture(
	store: Store,
	spec: SpecSnapshotInput,
	models: readonly string[],
	pass: (caseIndex: number, model: string) => boolean,
	options: { ingest_source?: string } = {},
): string[] {
	store.freezeSpec(spec, options);
	store.activateSpec(spec.use_case_id, spec.benchmark_version);
	const cases = (spec.spec as unknown as SpecDocument).cases.length;
	const cells = models.flatMap((model) =>
		Array.from({ length: cases }, (_, index) => fixtureCell(store, spec, index, model, pass(index, model))),
	);
	return store.recordCells(cells, options);
}
