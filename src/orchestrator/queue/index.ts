import type { QueueWorkerOptions, WorkerSummary } from "./worker.js";

export type { QueueFailure, QueueRunOptions, QueueSummary } from "./coordinator.js";
export { parseQueueUrl, redactedUrl } from "./queue-url.js";
export type { QueueWorkerOptions, WorkerHooks, WorkerSummary } from "./worker.js";

/**
 * Serves the runs on a queue (see worker.ts). Loaded on first use: BullMQ and ioredis stay out
 * of every other command's start-up.
 */
export async function runQueueWorker(options: QueueWorkerOptions): Promise<WorkerSummary> {
	const worker = await import("./worker.js");
	return worker.runQueueWorker(options);
}
