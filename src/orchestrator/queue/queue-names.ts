import type { Depth } from "../../contract/index.js";

/** Every touchstone key in the queue's Redis starts with this (BullMQ's key prefix). */
export const QUEUE_PREFIX = "touchstone";

/**
 * The set of the queues that have work, which `touchstone worker` watches: a worker is started
 * with the Redis URL alone and takes up each run a coordinator registers here.
 */
export const REGISTRY_KEY = `${QUEUE_PREFIX}:runs`;

/**
 * The channel a coordinator announces a run on once its cells are queued: watching workers look
 * at the registry at once rather than at their next poll (a second's wait for each worker, which
 * left the first to join alone with the queue). The registry stays the truth: a worker that
 * missed the notice finds the run at its next poll.
 */
export const REGISTRY_CHANNEL = `${QUEUE_PREFIX}:runs:added`;

/**
 * The queue a run's cells go on, named after the run: its use case, benchmark version and depth.
 * A changed definition is a new version, so its cells never meet a stale run's; the same command
 * run again finds its own queue and resumes it.
 */
export function runQueueName(benchmarkVersion: string, depth: Depth): string {
	// A version is `<use case>@<hash>`: the queue reads run.<use case>.<hash>.<depth>.
	return `run.${benchmarkVersion.replace("@", ".").replace(/[^A-Za-z0-9_.-]/g, "_")}.${depth}`;
}

/** The queue workers put a run's results on, for its coordinator alone to write. */
export function resultsQueueName(runQueue: string): string {
	return `${runQueue}.results`;
}
