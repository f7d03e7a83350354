import { Pool } from "undici";
import type { StopSignal } from "./call-stop.js";
import type { Transport, WireResponse } from "./http-transport.js";
import { dispatchPost } from "./undici-dispatch.js";

/** How long an idle connection is kept when the server does not say (`Keep-Alive: timeout=N`). */
const IDLE_MS = 4000;

/**
 * A transport for `http:` URLs over undici's `Pool` (the engine under Node's fetch, without
 * fetch's web streams): kept-alive connections per origin, opened as calls need them, the body
 * read through `data` events. `path` and `authorization` come from the URL, parsed once.
 */
export function createUndiciTransport(
	layer: "request" | "dispatch" = "request",
): (
	target: { readonly origin: string; readonly path: string },
	init: Parameters<Transport>[1],
) => Promise<WireResponse> {
	const pools = new Map<string, Pool>();
	return async (target, init) => {
		let pool = pools.get(target.origin);
		if (pool === undefined) {
			pool = new Pool(target.origin, { keepAliveTimeout: IDLE_MS, keepAliveTimeoutThreshold: 1000 });
			pools.set(target.origin, pool);
		}
		const { stop } = init;
		if (layer === "dispatch") return dispatchPost(pool, target.path, init.headers, init.body, stop);
		if (stop.aborted) throw stop.reason;
		const response = await pool.request({
			path: target.path,
			method: "POST",
			headers: init.headers,
			body: init.body,
			signal: signalOf(stop),
		});
		const headers: Record<string, string> = {};
		for (const [name, value] of Object.entries(response.headers))
			if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
		const { body } = response;
		return {
			status: response.statusCode,
			statusText: "",
			headers,
			consume: (onChunk) =>
				new Promise<void>((resolve, reject) => {
					let ended = false;
					body.on("data", (chunk: Buffer) => {
						if (ended) return;
						try {
							onChunk(chunk);
						} catch (error) {
							ended = true;
							body.destroy();
							reject(error);
						}
					});
					body.on("end", () => {
						ended = true;
						resolve();
					});
					body.on("error", (error) => {
						if (ended) return;
						ended = true;
						reject(error);
					});
				}),
		};
	};
}

/**
 * The part of an EventTarget undici's request reads a signal through, over a StopSignal: an
 * AbortSignal per call costs an EventTarget and its listener (see CallStop).
 */
function signalOf(stop: StopSignal) {
	let stopListening: (() => void) | null = null;
	return {
		get aborted() {
			return stop.aborted;
		},
		get reason() {
			return stop.reason;
		},
		addEventListener(_type: "abort", listener: () => void) {
			stopListening = stop.onAbort(listener);
		},
		removeEventListener() {
			stopListening?.();
			stopListening = null;
		},
	};
}
