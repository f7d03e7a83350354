import type { QueueSummary } from "../orchestrator/index.js";
import { type CliIo, printLine } from "./io.js";

/** A `--queue` run's own lines under the summary: who answered, what was dropped, what failed. */
export function printQueueSummary(io: CliIo, queue: QueueSummary): void {
	const handoff =
		queue.handoff_ms.p50 === null ? "" : `, hand-off p50 ${queue.handoff_ms.p50} ms (p95 ${queue.handoff_ms.p95} ms)`;
	printLine(io, `queue ${queue.queue} on ${queue.redis}: results from ${queue.workers} workers${handoff}`);
	const dropped = [
		queue.duplicates_dropped > 0 ? `${queue.duplicates_dropped} duplicate results dropped (cells already written)` : "",
		queue.stale_dropped > 0 ? `${queue.stale_dropped} results of another spec dropped` : "",
		queue.rejected > 0 ? `${queue.rejected} malformed results rejected` : "",
		queue.resubmitted > 0 ? `${queue.resubmitted} lost cells put back on the queue` : "",
	].filter((part) => part !== "");
	if (dropped.length > 0) printLine(io, `  ${dropped.join("; ")}`);
	if (queue.failed_count === 0) return;
	printLine(io, `  ${queue.failed_count} cells failed on the workers, not written:`);
	for (const failure of queue.failed) printLine(io, `    ${failure.cell_key.slice(0, 12)}  ${failure.reason}`);
	if (queue.failed_count > queue.failed.length)
		printLine(io, `    … and ${queue.failed_count - queue.failed.length} more`);
}
