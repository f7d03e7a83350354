import {
	type AttemptStatus,
	type CaseKind,
	cellKey,
	type JsonObject,
	type SpecDocument,
} from "../../src/contract/index.js";
import { openTemporaryStore, sampleRun, sampleScore, sampleSpec, type TemporaryStore } from "../../src/store/index.js";

/** One task of a fixture task use case. */
export interface FixtureTask {
	readonly id: string;
	readonly kind: CaseKind;
	/** Headline at or above which an attempt passes; default 1 (a binary verifier). */
	readonly threshold?: number;
}

/** One attempt to record: its cell, its headline (null: the grader could not grade) and what it cost. */
export interface FixtureAttempt {
	readonly task: string;
	readonly model: string;
	readonly sample?: number;
	readonly value: number | null;
	readonly status?: AttemptStatus;
	/** Default 0.01; null for an unknown cost. */
	readonly cost_usd?: number | null;
	readonly latency_ms?: number | null;
	readonly input_tokens?: number | null;
	readonly output_tokens?: number | null;
	/** The agent loop's record (runner.details): turns and tool calls; absent for a single-shot attempt. */
	readonly agent?: { readonly turns: number; readonly calls: number; readonly malformed?: number };
	/** Whether the score is a graded 0..1 score (`extras.graded_score`). */
	readonly graded?: boolean;
	/** A norms score (metric `norms`) beside the headline, as a passing agentic cell gets. */
	readonly norms?: number;
	/** Records the attempt with a key no spec computes: a row of an older definition. */
	readonly stale?: boolean;
	/** The workspace diff to store with the run (an artifact); none when absent. */
	readonly diff?: string;
}

/** A temporary store holding one task use case's spec, and a way to record attempts under it. */
export interface TaskStore extends TemporaryStore {
	readonly useCaseId: string;
	readonly document: SpecDocument;
	/** Records one attempt with a current cell key (unless stale); returns its run id. */
	record(attempt: FixtureAttempt): string;
}

/**
 * A real store (a temporary SQLite file) with a task use case's spec frozen and active: the given
 * tasks and models, harness `agent`, headline `score`. For read-layer tests that need exact rows
 * without running sandboxes; tests of the runs themselves go through the CLI.
 */
export function taskStore(options: {
	readonly tasks: readonly FixtureTask[];
	readonly models: readonly string[];
	readonly useCaseId?: string;
	readonly deployed?: string;
	readonly references?: readonly string[];
	/** Freeze this use case into a store already open (another use case's), rather than a new one. */
	readonly into?: TemporaryStore;
	/** The spec's samples per cell (k of pass@k); default 1. */
	readonly samples?: number;
	/** The spec's `floor_miss_tolerance`; absent by default, as in a spec at the default. */
	readonly floorMissTolerance?: number;
}): TaskStore {
	const temporary = options.into ?? openTemporaryStore();
	const useCaseId = options.useCaseId ?? "tasks-fixture";
	const version = `${useCaseId}@1`;
	const document: SpecDocument = {
		spec_format: 1,
		use_case_id: useCaseId,
		plugin: "tasks",
		headline: "score",
		band: 0.05,
		samples: options.samples ?? 1,
		deployed: options.deployed === undefined ? null : { model: options.deployed, harness: "agent", source: null },
		judge_panel: null,
		grader: { id: "tasks", version: "1", config: {} },
		harness: { id: "agent", key_part: "harness-part", config: {} },
		cases: options.tasks.map((task) => ({
			id: task.id,
			version: "1",
			kind: task.kind,
			threshold: task.threshold ?? 1,
			input_hash: `input-${task.id}`,
			key_part: `case-part-${task.id}`,
		})),
		models: Object.fromEntries(options.models.map((model) => [model, `model-part-${model}`])),
		...(options.references === undefined ? {} : { reference_models: options.references }),
		...(options.floorMissTolerance === undefined ? {} : { floor_miss_tolerance: options.floorMissTolerance }),
	};
	temporary.store.freezeSpec(
		sampleSpec({
			benchmark_version: version,
			use_case_id: useCaseId,
			spec_hash: `hash-of-${version}`,
			spec: document as unknown as JsonObject,
		}),
	);
	temporary.store.activateSpec(useCaseId, version);
	let written = 0;
	const record = (attempt: FixtureAttempt): string => {
		written += 1;
		const sample = attempt.sample ?? 0;
		const task = document.cases.find((item) => item.id === attempt.task);
		const key = attempt.stale
			? `old-key-${written}`
			: cellKey({
					case_part: task?.key_part ?? "",
					model_part: document.models[attempt.model] ?? "",
					harness_part: document.harness.key_part,
					sample_index: sample,
				});
		const status = attempt.status ?? "completed";
		const details: JsonObject =
			attempt.agent === undefined
				? {}
				: {
						tool_calls: { run: attempt.agent.calls },
						tool_errors: attempt.agent.malformed ?? 0,
						tool_errors_by_kind: { arguments: attempt.agent.malformed ?? 0 },
						budget_used: { turns: attempt.agent.turns, tokens: 0, wall_ms: 0 },
					};
		const base = sampleRun();
		return temporary.store.recordCell({
			run: sampleRun({
				benchmark_version: version,
				use_case_id: useCaseId,
				case_id: attempt.task,
				case_kind: task?.kind ?? "floor",
				model_id: attempt.model,
				harness: "agent",
				sample_index: sample,
				cell_key: key,
				diff_sha: attempt.diff === undefined ? null : temporary.store.putArtifact(attempt.diff, "text/x-diff").sha256,
				status,
				error: status === "harness_error" ? "the sandbox could not start" : null,
				grader_error: attempt.value === null && status !== "harness_error" ? "the verifier could not run" : null,
				telemetry: {
					...base.telemetry,
					cost_usd: attempt.cost_usd === undefined ? 0.01 : attempt.cost_usd,
					latency_ms: attempt.latency_ms === undefined ? 1000 : attempt.latency_ms,
					input_tokens: attempt.input_tokens === undefined ? 100 : attempt.input_tokens,
					output_tokens: attempt.output_tokens === undefined ? 50 : attempt.output_tokens,
				},
				provenance: { runner: { runner: "agent", runner_version: "1", details } },
			}),
			scores:
				attempt.value === null || status === "harness_error"
					? []
					: [
							sampleScore({
								metric: "score",
								value: attempt.value,
								extras: attempt.graded ? { graded_score: true } : null,
							}),
							...(attempt.norms === undefined ? [] : [sampleScore({ metric: "norms", value: attempt.norms })]),
						],
		});
	};
	return { ...temporary, useCaseId, document, record };
}
