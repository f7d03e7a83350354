import { type Job, Queue, Worker } from "bullmq";
import type { Depth } from "../../contract/index.js";
import type { Store } from "../../store/index.js";
import { CellWriter } from "../cell-writer.js";
import type { EndpointOverride } from "../endpoint-models.js";
import { type CellContext, type CellOutcome, persistCell } from "../execute-cell.js";
import type { StartedRun } from "../plan-run.js";
import { countOutcome, emptyTally, type Tally } from "../run-tally.js";
import { StagedInputs } from "../staged-inputs.js";
import type { StopControl } from "../stop-control.js";
import type { CellJob, RunDescriptor } from "./cell-job.js";
import { cellResultSchema, gradedFromResult } from "./cell-result.js";
import { CellStates } from "./cell-states.js";
import { bullConnection, connectQueue } from "./queue-connection.js";
import { QUEUE_PREFIX, REGISTRY_CHANNEL, REGISTRY_KEY, resultsQueueName, runQueueName } from "./queue-names.js";
import { redactedUrl } from "./queue-url.js";

/** `--queue` and how the coordinator watches it. */
export interface QueueRunOptions {
	/** The Redis, as parseQueueUrl checked it. */
	readonly url: string;
	/** How often the coordinator looks for cells the workers failed or lost (default 500 ms). */
	readonly pollMs?: number;
}

/** The choices of the run the coordinator needs (a RunRequest has them). */
export interface QueueRunRequest {
	readonly models?: readonly string[] | undefined;
	readonly endpoint?: EndpointOverride | undefined;
	readonly depth: Depth;
	readonly tasks?: readonly string[] | undefined;
	readonly stop: StopControl;
	readonly hooks?: { onCellEnd?(outcome: CellOutcome): void } | undefined;
}

/** A cell the workers could not run: not written, so a re-run does it again. */
export interface QueueFailure {
	readonly cell_key: string;
	readonly reason: string;
}

/** What a `--queue` run adds to its summary. */
export interface QueueSummary {
	readonly queue: string;
	/** The Redis, without its password. */
	readonly redis: string;
	/** Workers whose results this invocation wrote. */
	readonly workers: number;
	/** Results for cells already written (a retried cell's second answer): dropped, never a second row. */
	readonly duplicates_dropped: number;
	/** Results of another spec or plan on the same queue (a stale worker): dropped. */
	readonly stale_dropped: number;
	/** Results that failed validation; their cells are among `failed` when they could be told. */
	readonly rejected: number;
	/** Cells put back on the queue because no worker held them and no result came (lost jobs). */
	readonly resubmitted: number;
	/** Cells the workers failed (refused or out of retries), at most 20 listed; see `failed_count`. */
	readonly failed: readonly QueueFailure[];
	readonly failed_count: number;
	/** From a worker's end of a cell to its row committed here: the coordinator's added latency. */
	readonly handoff_ms: { readonly p50: number | null; readonly p95: number | null };
}

const RESULT_CONCURRENCY = 64;
const ADD_CHUNK = 500;
const FAILURES_LISTED = 20;

/**
 * Runs a started run's cells on a BullMQ queue: puts each cell to run on the run's queue (job id
 * = cell key, so a resumed run re-adds nothing in flight), lets `touchstone worker`s execute them,
 * and writes what they return, validated, through the same persistCell as a run in process: this
 * process stays the store's one writer, and a cell lands at most once (a second result for it is
 * dropped and counted). Cells the workers fail are reported, not written; the first stop request
 * takes the waiting cells off the queue and waits for those in flight; the second leaves at once
 * (their results wait on the queue for the next run of the same command).
 */
export async function executeOnQueue(
	request: QueueRunRequest,
	store: Store,
	started: StartedRun,
	options: QueueRunOptions,
): Promise<{ tally: Tally; summary: QueueSummary }> {
	const { plan, toRun, context } = started;
	const redis = await connectQueue(options.url);
	const name = runQueueName(context.benchmarkVersion, request.depth);
	const descriptor: RunDescriptor = {
		v: 1,
		queue: name,
		results_queue: resultsQueueName(name),
		use_case_id: context.useCaseId,
		benchmark_version: context.benchmarkVersion,
		depth: request.depth,
		samples: started.samples,
		models: request.models === undefined ? null : [...request.models],
		endpoint:
			request.endpoint === undefined
				? null
				: { base_url: request.endpoint.baseUrl, api_key_env: request.endpoint.apiKeyEnv },
		recorded_endpoints: started.endpoints === null ? null : { ...started.endpoints },
		tasks: [...(request.tasks ?? [])],
	};
	const connection = bullConnection(options.url);
	const cells = new Queue<CellJob>(name, { connection, prefix: QUEUE_PREFIX });
	const results = new Queue(descriptor.results_queue, { connection, prefix: QUEUE_PREFIX });
	const states = new CellStates(plan, toRun);
	const writer = new CellWriter((batch) => store.recordCells(batch));
	const cellContext: CellContext = { ...context, store, writer, stagedInputs: new StagedInputs() };
	const tally = emptyTally();
	const workers = new Set<string>();
	const handoffs: number[] = [];
	const counts = { duplicates: 0, stale: 0, rejected: 0, resubmitted: 0 };
	let persistError: unknown;
	let allWritten: () => void = () => {};
	const done = new Promise<void>((resolve) => {
		allWritten = resolve;
	});

	const consume = async (job: Job): Promise<void> => {
		const parsed = cellResultSchema.safeParse(job.data);
		if (!parsed.success) {
			counts.rejected += 1;
			const issue = parsed.error.issues[0];
			const where = issue === undefined ? "" : ` at ${issue.path.join(".") || "the top"}: ${issue.message}`;
			states.failIdentified(job.data, `a worker returned a malformed result${where}`);
			return;
		}
		const result = parsed.data;
		if (
			result.use_case_id !== context.useCaseId ||
			result.benchmark_version !== context.benchmarkVersion ||
			!states.inPlan(result.index, result.cell_key)
		) {
			counts.stale += 1;
			return;
		}
		if (!states.claim(result.index)) {
			counts.duplicates += 1;
			return;
		}
		try {
			const outcome = await persistCell(gradedFromResult(result, plan.cell(result.index)), cellContext);
			handoffs.push(Date.now() - Date.parse(result.finished_at));
			workers.add(result.worker.id);
			countOutcome(tally, outcome);
			request.hooks?.onCellEnd?.(outcome);
			if (states.pending === 0) allWritten();
		} catch (error) {
			// The store refused the write: the result stays on the queue (failed) for the next run.
			states.release(result.index);
			if (persistError === undefined && !request.stop.stopping) request.stop.request();
			persistError ??= error;
			throw error;
		}
	};

	await redis.sadd(REGISTRY_KEY, name);
	// Results a stopped or killed coordinator could not write are retried first.
	for (const failed of await results.getJobs(["failed"])) await failed.retry().catch(() => {});
	const consumer = new Worker(descriptor.results_queue, consume, {
		connection,
		prefix: QUEUE_PREFIX,
		concurrency: RESULT_CONCURRENCY,
		removeOnComplete: { count: 0 },
	});
	consumer.on("error", () => {});
	try {
		// The results of an earlier invocation are written before cells are added, so none of
		// those cells is run twice; failed cell jobs are cleared so that their cells can be re-added.
		await waitForResultsBacklog(results, request.stop);
		await cells.clean(0, 0, "failed");
		await addCells(cells, descriptor, plan, states.pendingIndices());
		await redis.publish(REGISTRY_CHANNEL, name);
		if (states.pending === 0) allWritten();
		const pollMs = options.pollMs ?? 500;
		let drained = false;
		let idleRounds = 0;
		while (states.pending > 0 && persistError === undefined && !request.stop.signal.aborted) {
			if (request.stop.stopping && !drained) {
				await cells.drain();
				drained = true;
			}
			await Promise.race([done, sleep(pollMs)]);
			await collectFailures(cells, states);
			const idle = (await busy(cells)) === 0 && (await busy(results)) === 0;
			if (idle && drained) break;
			idleRounds = idle ? idleRounds + 1 : 0;
			if (idleRounds >= 2 && states.pending > 0) {
				counts.resubmitted += await addCells(cells, descriptor, plan, states.resubmittable());
				idleRounds = 0;
			}
		}
	} finally {
		await consumer.close(request.stop.signal.aborted);
		writer.flush();
		await writer.drain();
		if (states.pending === 0 && states.failedCount === 0 && persistError === undefined) {
			// The run is whole: its queues go, and workers stop watching them.
			await redis.srem(REGISTRY_KEY, name);
			await cells.obliterate({ force: true }).catch(() => {});
			await results.obliterate({ force: true }).catch(() => {});
		} else if (!request.stop.signal.aborted && states.pending === 0) await redis.srem(REGISTRY_KEY, name);
		await cells.close();
		await results.close();
		redis.disconnect();
	}
	if (persistError !== undefined) throw persistError;
	return {
		tally,
		summary: {
			queue: name,
			redis: redactedUrl(options.url),
			workers: workers.size,
			duplicates_dropped: counts.duplicates,
			stale_dropped: counts.stale,
			rejected: counts.rejected,
			resubmitted: counts.resubmitted,
			failed: states.failures.slice(0, FAILURES_LISTED),
			failed_count: states.failedCount,
			handoff_ms: percentiles(handoffs),
		},
	};
}

/** Puts cells on the queue in plan order; a cell whose job is still there is not added twice. */
async function addCells(
	cells: Queue<CellJob>,
	run: RunDescriptor,
	plan: StartedRun["plan"],
	indices: readonly number[],
): Promise<number> {
	for (let start = 0; start < indices.length; start += ADD_CHUNK) {
		await cells.addBulk(
			indices.slice(start, start + ADD_CHUNK).map((index) => {
				const cell_key = plan.keyAt(index);
				return {
					name: "cell",
					data: { run, index, cell_key },
					opts: {
						jobId: jobIdOf(cell_key),
						// One retry for a worker's own failure (its result could not be queued, say);
						// gradeCell turns a model's and a grader's failures into data, never into a throw.
						attempts: 2,
						backoff: { type: "fixed", delay: 1000 },
						removeOnComplete: true,
						removeOnFail: false,
					},
				};
			}),
		);
	}
	return indices.length;
}

/** A cell's job id: its key (BullMQ refuses ids that read as integers, hence the prefix). */
export function jobIdOf(cellKey: string): string {
	return `cell-${cellKey}`;
}

/** Cells whose jobs failed for good (refused, out of retries, stalled too often): noted and cleared. */
async function collectFailures(cells: Queue<CellJob>, states: CellStates): Promise<void> {
	const failed = await cells.getJobs(["failed"], 0, 999);
	for (const job of failed) {
		states.failIdentified(job.data, `worker: ${job.failedReason || "failed without a reason"}`);
		await job.remove().catch(() => {});
	}
}

async function waitForResultsBacklog(results: Queue, stop: StopControl): Promise<void> {
	while (!stop.signal.aborted && (await results.getWaitingCount()) > 0) await sleep(100);
}

async function busy(queue: Queue): Promise<number> {
	const counts = await queue.getJobCounts("waiting", "active", "delayed", "prioritized");
	return Object.values(counts).reduce((sum, value) => sum + value, 0);
}

function percentiles(values: number[]): { p50: number | null; p95: number | null } {
	if (values.length === 0) return { p50: null, p95: null };
	const sorted = [...values].sort((a, b) => a - b);
	const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
	return { p50: at(0.5), p95: at(0.95) };
}

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
