export type { QueueFailure, QueueRunOptions, QueueSummary } from "./coordinator.js";
export { parseQueueUrl, redactedUrl } from "./queue-connection.js";
export { type QueueWorkerOptions, runQueueWorker, type WorkerHooks, type WorkerSummary } from "./worker.js";
