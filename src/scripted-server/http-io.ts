import type { HttpResponse } from "./http1/response.js";

/** Largest request body accepted; bigger ones get HTTP 413. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Sends a value as a JSON response with an exact content length. */
export function sendJson(
	response: HttpResponse,
	status: number,
	body: unknown,
	headers: Readonly<Record<string, string>> = {},
): void {
	const text = JSON.stringify(body);
	response.writeHead(status, {
		...headers,
		"content-type": "application/json",
		"content-length": Buffer.byteLength(text),
	});
	response.end(text);
}

/**
 * Waits on behalf of one response, and stops waiting (clearing its timer) as soon as the
 * connection closes. Waits add up on one timeline that starts with the request: each ends at the
 * sum of the waits so far, not `ms` after the previous one ended, so the late firing of one timer
 * is taken back from the next and a scripted 100 ms reply takes 100 ms, not 100 ms plus a
 * millisecond or two per streamed piece. Nor does a wait end before its deadline: a Node timer
 * counts from the event loop's cached clock, which lags behind while the loop is busy, and can
 * fire early (a scripted 100 ms reply then ended after 99); such a timer is armed again.
 */
export interface ResponseClock {
	/** Resolves true `ms` milliseconds after the previous wait's deadline, or false once the connection has closed. */
	wait(ms: number): Promise<boolean>;
	/** Milliseconds since the last deadline (since the start before any wait): how late the response is now. */
	overdue(): number;
}

const DONE = Promise.resolve(true);
const CLOSED = Promise.resolve(false);

/**
 * A {@link ResponseClock} for `response`, its timeline starting at `startedAt` (performance.now()
 * when the request arrived). Cheaper than an AbortController, which builds an abort reason on
 * every close: the benchmark pushes thousands of requests per second through here.
 */
export function responseClock(
	response: Pick<HttpResponse, "onClose">,
	startedAt: number = performance.now(),
): ResponseClock {
	let closed = false;
	let deadline = startedAt;
	let pending: { timer: NodeJS.Timeout; resolve: (done: boolean) => void } | null = null;
	response.onClose(() => {
		closed = true;
		if (pending === null) return;
		clearTimeout(pending.timer);
		pending.resolve(false);
		pending = null;
	});
	/** Resolves at the deadline, never before: a timer that fires early is armed again for the rest. */
	const arm = (resolve: (done: boolean) => void, delay: number): void => {
		const timer = setTimeout(() => {
			const left = deadline - performance.now();
			if (left > 0) arm(resolve, left);
			else {
				pending = null;
				resolve(true);
			}
		}, Math.ceil(delay));
		pending = { timer, resolve };
	};
	return {
		wait(ms) {
			if (closed) return CLOSED;
			if (ms > 0) deadline += ms;
			const delay = deadline - performance.now();
			if (delay <= 0) return DONE;
			// Whole milliseconds, as Node's timers fire anyway: timers of one delay then share a list,
			// where a fractional delay made a list (and a priority queue entry) per timer.
			return new Promise((resolve) => arm(resolve, delay));
		},
		overdue: () => performance.now() - deadline,
	};
}
