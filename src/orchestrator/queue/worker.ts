import { hostname } from "node:os";
import { type Job, UnrecoverableError, Worker } from "bullmq";
import type { Definitions } from "../../definitions/index.js";
import { gradeCell } from "../execute-cell.js";
import type { RunParts } from "../prepare-use-case.js";
import type { StopControl } from "../stop-control.js";
import { cellJobSchema } from "./cell-job.js";
import { MAX_RESULT_BYTES, toCellResult, type WorkerIdentity } from "./cell-result.js";
import { bullConnection, connectQueue } from "./queue-connection.js";
import { QUEUE_PREFIX, REGISTRY_CHANNEL, REGISTRY_KEY } from "./queue-names.js";
import { Slots } from "./slots.js";
import { WorkerRuns } from "./worker-runs.js";

/** `touchstone worker`'s choices. */
export interface QueueWorkerOptions {
	/** The Redis, as parseQueueUrl checked it. */
	readonly url: string;
	readonly definitions: Definitions;
	readonly parts: RunParts;
	/** Cells in flight at once, over every run this worker serves. */
	readonly concurrency: number;
	readonly stop: StopControl;
	/**
	 * How long a cell stays this worker's without a sign of life (BullMQ's lock): a worker killed
	 * mid-cell has it taken up by another after about this long. Default 30 s.
	 */
	readonly lockMs?: number;
	/** How often the worker looks for new runs (default 1 s). */
	readonly watchMs?: number;
	/** This touchstone's version, kept in the provenance of every cell it runs. */
	readonly version: string;
	readonly hooks?: WorkerHooks;
}

/** Events of a worker, for its log. */
export interface WorkerHooks {
	onJoin?(queue: string): void;
	onLeave?(queue: string): void;
	onCell?(event: { queue: string; cell_key: string; status: string; ms: number }): void;
	onRefused?(event: { queue: string; cell_key: string | null; reason: string }): void;
}

/** What a worker did before it stopped. */
export interface WorkerSummary {
	readonly id: string;
	readonly cells: number;
	readonly refused: number;
}

const DEFAULT_LOCK_MS = 30_000;

/**
 * Serves the runs coordinators put on the Redis queue: watches the registry of runs, takes their
 * cells (at most `concurrency` in flight in all), runs and grades each from its own definitions
 * and keys, and puts the result on the run's results queue for the coordinator to write. It
 * writes no store. Resolves once a stop was requested and the cells in flight are done.
 */
export async function runQueueWorker(options: QueueWorkerOptions): Promise<WorkerSummary> {
	const redis = await connectQueue(options.url);
	const connection = bullConnection(options.url);
	const identity: WorkerIdentity = {
		id: `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
		host: hostname(),
		pid: process.pid,
		touchstone: options.version,
	};
	const runs = new WorkerRuns({
		definitions: options.definitions,
		parts: options.parts,
		signal: options.stop.signal,
		connection,
	});
	const slots = new Slots(options.concurrency);
	const served = new Map<string, Worker>();
	const tally = { cells: 0, refused: 0 };
	const lockMs = options.lockMs ?? DEFAULT_LOCK_MS;

	const runJob = async (job: Job, queue: string): Promise<void> => {
		await slots.acquire();
		try {
			if (options.stop.stopping) throw new Error("the worker is stopping; another takes this cell");
			const parsed = cellJobSchema.safeParse(job.data);
			if (!parsed.success)
				throw refuse(queue, null, `malformed job ${job.id}: ${parsed.error.issues[0]?.message ?? ""}`);
			const { run: descriptor, index, cell_key } = parsed.data;
			const run = await runs.get(descriptor).catch((error: unknown) => {
				throw refuse(queue, cell_key, error instanceof Error ? error.message : String(error));
			});
			if (index >= run.plan.size || run.plan.keyAt(index) !== cell_key)
				throw refuse(
					queue,
					cell_key,
					`cell ${index} of this worker's plan is not ${cell_key}: its definitions differ from the coordinator's`,
				);
			const begun = Date.now();
			const graded = await gradeCell(run.plan.cell(index), run.context);
			// Abandoned by a second stop request: not answered, so the cell is run again elsewhere.
			if ("run_id" in graded) throw new Error("abandoned by a stop request");
			const result = toCellResult(
				graded,
				{ use_case_id: descriptor.use_case_id, benchmark_version: descriptor.benchmark_version, index },
				identity,
			);
			const bytes = Buffer.byteLength(JSON.stringify(result));
			if (bytes > MAX_RESULT_BYTES)
				throw refuse(
					queue,
					cell_key,
					`its result is ${(bytes / 2 ** 20).toFixed(0)} MiB, over the queue's ${MAX_RESULT_BYTES / 2 ** 20} MiB: run this cell in process (touchstone run without --queue)`,
				);
			await run.results.add("result", result, { removeOnComplete: true, removeOnFail: false });
			tally.cells += 1;
			options.hooks?.onCell?.({ queue, cell_key, status: graded.attempt.status, ms: Date.now() - begun });
		} finally {
			slots.release();
		}
	};

	const refuse = (queue: string, cellKey: string | null, reason: string): UnrecoverableError => {
		tally.refused += 1;
		options.hooks?.onRefused?.({ queue, cell_key: cellKey, reason });
		return new UnrecoverableError(reason);
	};

	const watch = async (): Promise<void> => {
		const names = new Set(await redis.smembers(REGISTRY_KEY));
		for (const name of names) {
			if (served.has(name) || options.stop.stopping) continue;
			const worker = new Worker(name, (job) => runJob(job, name), {
				connection,
				prefix: QUEUE_PREFIX,
				concurrency: options.concurrency,
				lockDuration: lockMs,
				stalledInterval: lockMs,
				maxStalledCount: 2,
			});
			worker.on("error", () => {});
			served.set(name, worker);
			options.hooks?.onJoin?.(name);
		}
		for (const [name, worker] of served)
			if (!names.has(name)) {
				served.delete(name);
				await worker.close();
				options.hooks?.onLeave?.(name);
			}
	};

	// A run announced on the channel is taken up at once; the poll stays for notices missed.
	const notices = redis.duplicate();
	notices.on("error", () => {});
	let wake: () => void = () => {};
	notices.on("message", () => wake());
	await notices.subscribe(REGISTRY_CHANNEL).catch(() => {});
	try {
		while (!options.stop.stopping) {
			await watch().catch(() => {});
			await sleepUnlessStopped(options.watchMs ?? 1000, options.stop, (resolve) => {
				wake = resolve;
			});
		}
	} finally {
		notices.disconnect();
		// A graceful stop: the cells in flight finish and are answered; the waiting ones stay queued.
		await Promise.all([...served.values()].map((worker) => worker.close(options.stop.signal.aborted)));
		await runs.close();
		redis.disconnect();
	}
	return { id: identity.id, ...tally };
}

/** Waits `ms`, or less once a stop is requested or `onWake`'s resolver is called (a notice came). */
async function sleepUnlessStopped(
	ms: number,
	stop: StopControl,
	onWake: (resolve: () => void) => void = () => {},
): Promise<void> {
	const until = Date.now() + ms;
	let woken = false;
	onWake(() => {
		woken = true;
	});
	while (!stop.stopping && !woken && Date.now() < until)
		await new Promise((resolve) => setTimeout(resolve, Math.min(50, until - Date.now())));
}
