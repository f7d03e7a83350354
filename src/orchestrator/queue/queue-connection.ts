import { Redis } from "ioredis";
import { BadInputError } from "../../contract/index.js";

/** How long reaching Redis may take before `--queue` is reported unreachable. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * A checked `--queue` URL: `redis://[user:password@]HOST[:PORT][/DB]`, or `rediss://` for TLS
 * (a hosted Redis). Anything else is bad input placed on the flag.
 */
export function parseQueueUrl(value: string, flag = "--queue"): string {
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		throw queueFlagError(flag, `\`${value}\` is not a URL`);
	}
	if (url.protocol !== "redis:" && url.protocol !== "rediss:")
		throw queueFlagError(flag, `\`${value}\` is a ${url.protocol} URL, not a redis: or rediss: one`);
	if (url.hostname === "") throw queueFlagError(flag, `\`${value}\` names no host`);
	const db = url.pathname.replace(/^\//, "");
	if (db !== "" && !/^\d{1,2}$/.test(db))
		throw queueFlagError(flag, `\`${value}\` names database \`${db}\`, not a number`);
	return value;
}

/** The URL as it may be printed: without its password. */
export function redactedUrl(value: string): string {
	const url = new URL(value);
	if (url.password !== "") url.password = "***";
	return url.toString();
}

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

function queueFlagError(
	flag: string,
	message: string,
	fix = "give the queue's Redis as redis://HOST:PORT[/DB] (rediss:// for TLS), e.g. redis://127.0.0.1:6379/0",
): BadInputError {
	return new BadInputError(message, [
		{
			source: flag,
			line: null,
			column: null,
			path: "",
			message,
			fix,
		},
	]);
}
