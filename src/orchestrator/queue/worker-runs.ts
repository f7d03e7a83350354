import { Queue, UnrecoverableError } from "bullmq";
import type { Definitions } from "../../definitions/index.js";
import type { GradeContext } from "../execute-cell.js";
import type { CellPlan } from "../plan.js";
import { gradeContextFor, prepareAndPlan } from "../plan-run.js";
import type { RunParts } from "../prepare-use-case.js";
import { type RunDescriptor, runSignature } from "./cell-job.js";
import { QUEUE_PREFIX } from "./queue-names.js";

/** A run as a worker holds it: planned from its own definitions, with where its results go. */
export interface WorkerRun {
	readonly plan: CellPlan;
	readonly context: GradeContext;
	readonly results: Queue;
}

/** What a worker prepares runs with: its own definitions, parts and keys. */
export interface WorkerRunsOptions {
	readonly definitions: Definitions;
	readonly parts: RunParts;
	/** Aborts in-flight cells (a second stop request). */
	readonly signal: AbortSignal;
	/** BullMQ's connection options, for the result queues. */
	readonly connection: { readonly url: string; readonly maxRetriesPerRequest: null };
}

/**
 * The runs a worker has taken cells of, each prepared once from the worker's own definitions
 * (cases loaded, grader and runner made, spec built) and kept for its next cells. A run whose
 * spec comes out another version than the coordinator's is refused for every cell, with why:
 * grading it here would write rows the coordinator's spec does not describe.
 */
export class WorkerRuns {
	readonly #runs = new Map<string, Promise<WorkerRun>>();
	readonly #options: WorkerRunsOptions;

	constructor(options: WorkerRunsOptions) {
		this.#options = options;
	}

	/** The run of `descriptor`, prepared on first use; rejects with an UnrecoverableError when it cannot be. */
	get(descriptor: RunDescriptor): Promise<WorkerRun> {
		const signature = runSignature(descriptor);
		let run = this.#runs.get(signature);
		if (run === undefined) {
			run = this.#prepare(descriptor);
			this.#runs.set(signature, run);
		}
		return run;
	}

	/** Closes the result queues the runs opened. */
	async close(): Promise<void> {
		const runs = await Promise.allSettled(this.#runs.values());
		for (const run of runs) if (run.status === "fulfilled") await run.value.results.close();
	}

	async #prepare(descriptor: RunDescriptor): Promise<WorkerRun> {
		const { definitions, parts, signal } = this.#options;
		let planned: Awaited<ReturnType<typeof prepareAndPlan>>;
		try {
			planned = await prepareAndPlan({
				definitions,
				useCaseId: descriptor.use_case_id,
				models: descriptor.models ?? undefined,
				endpoint:
					descriptor.endpoint === null
						? undefined
						: { baseUrl: descriptor.endpoint.base_url, apiKeyEnv: descriptor.endpoint.api_key_env },
				recordedEndpoints: descriptor.recorded_endpoints ?? undefined,
				depth: descriptor.depth,
				samples: descriptor.samples,
				tasks: descriptor.tasks,
				parts,
				signal,
			});
		} catch (error) {
			throw new UnrecoverableError(
				`this worker cannot prepare use case ${descriptor.use_case_id}: ${error instanceof Error ? error.message : String(error)}`,
			);
		}
		const version = planned.prepared.spec.benchmark_version;
		if (version !== descriptor.benchmark_version)
			throw new UnrecoverableError(
				`this worker's definitions give use case ${descriptor.use_case_id} benchmark version ${version}, the run's is ${descriptor.benchmark_version}: give this machine the coordinator's benchmarks folder (the same commit) and task fixtures (touchstone snapshot), then run the coordinator's command again`,
			);
		return {
			plan: planned.plan,
			context: gradeContextFor(planned.prepared, {
				definitions,
				depth: descriptor.depth,
				provenance: {},
				signal,
				env: parts.env ?? {},
			}),
			results: new Queue(descriptor.results_queue, { connection: this.#options.connection, prefix: QUEUE_PREFIX }),
		};
	}
}
