import { BadInputError } from "../../contract/index.js";

// What --queue's value is, checked and printed without its secret. Apart from the connection so
// that the CLI can check the flag without loading the Redis client (BullMQ and ioredis are 2 MB
// of the CLI's bundle, loaded only by a run on a queue and by `touchstone worker`).

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

/** A bad `--queue` (or `flag`) value, placed on the flag, with the fix. */
export function queueFlagError(
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
