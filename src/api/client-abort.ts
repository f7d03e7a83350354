import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/** A request whose client hung up before the server had read it whole. */
export interface ClientAbort {
	/** `POST`, `GET`, … */
	readonly method: string;
	/** The path asked for, without the query. */
	readonly path: string;
	/** Node's own words for it, e.g. `aborted`. */
	readonly reason: string;
}

/**
 * Whether `error` is the client hanging up mid-request (its socket closed while the body was
 * being read) rather than a fault of the server: nothing can be answered and nothing is wrong
 * here, so it is worth one line in the log, not a 500 with a stack trace.
 */
export function clientAbortOf(c: Context, error: unknown): ClientAbort | null {
	const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
	const code = (error as NodeJS.ErrnoException | null)?.code;
	if (incoming?.readableAborted !== true && code !== "ECONNRESET") return null;
	return {
		method: c.req.method,
		path: new URL(c.req.url).pathname,
		reason: error instanceof Error ? error.message : String(error),
	};
}

/** The one log line of a client abort. */
export function describeClientAbort(abort: ClientAbort): string {
	return `client hung up before the request was read whole (${abort.method} ${abort.path}: ${abort.reason}); nothing was answered or recorded`;
}
