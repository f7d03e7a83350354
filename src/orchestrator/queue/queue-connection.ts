import { Redis } from "ioredis";
import { queueFlagError, redactedUrl } from "./queue-url.js";

/** How long reaching Redis may take before `--queue` is reported unreachable. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Connects to the queue's Redis and checks it answers, within {@link CONNECT_TIMEOUT_MS}: a wrong
 * host or a Redis that is not running is told at once, with what to do, rather than retried
 * forever. The connection returned retries on its own from then on (a Redis restart is survived).
 */
export async function connectQueue(url: string, flag = "--queue"): Promise<Redis> {
	const redis = new Redis(url, {
		lazyConnect: true,
		maxRetriesPerRequest: null,
		connectTimeout: CONNECT_TIMEOUT_MS,
		retryStrategy: (times) => Math.min(times * 200, 2000),
	});
	// Errors are reported by the failed command; without a listener ioredis prints each retry.
	redis.on("error", () => {});
	try {
		await withTimeout(
			redis.connect().then(() => redis.ping()),
			CONNECT_TIMEOUT_MS,
		);
		return redis;
	} catch (error) {
		redis.disconnect();
		throw queueFlagError(
			flag,
			`cannot reach the queue's Redis at ${redactedUrl(url)}: ${error instanceof Error ? error.message : String(error)}`,
			"start one (Debian: apt-get install redis-server, then redis-server --port 6379) or check the URL, its password, and that the port is open from this machine",
		);
	}
}

/** BullMQ's connection options for the same URL (each queue and worker opens its own). */
export function bullConnection(url: string): { url: string; maxRetriesPerRequest: null } {
	return { url, maxRetriesPerRequest: null };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	try {
		return await Promise.race([
			promise,
			new Promise<never>((_, reject) => {
				timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
			}),
		]);
	} finally {
		clearTimeout(timer);
	}
}
