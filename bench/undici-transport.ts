import { type Dispatcher, Pool } from "undici";
import { consumeReadable, type StopSignal, type Transport, type WireResponse } from "../src/providers/index.js";

/** How long an idle connection is kept when the server does not say (`Keep-Alive: timeout=N`). */
const IDLE_MS = 4000;

/**
 * A transport over undici's `Pool` (the engine under Node's fetch), for bench/overhead's A/B
 * against touchstone's own client: kept-alive connections per origin, opened as calls need them.
 * `request` reads the body through its Readable's `data` events (as node:https's is read); `dispatch` is undici's lowest
 * layer, a handler of our own with no Readable: its best case. Plain `http:` URLs only.
 */
export function createUndiciTransport(layer: "request" | "dispatch"): Transport {
	const pools = new Map<string, Pool>();
	const targets = new Map<string, { origin: string; path: string }>();
	return async (url, init) => {
		let target = targets.get(url);
		if (target === undefined) {
			const parsed = new URL(url);
			target = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
			targets.set(url, target);
		}
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
			consume: (onChunk) => consumeReadable(body, onChunk),
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

/** One POST through `Dispatcher.dispatch`: the head resolves the promise, body pieces go to the reader (kept until it comes). */
function dispatchPost(
	dispatcher: Dispatcher,
	path: string,
	headers: Readonly<Record<string, string>>,
	body: string,
	stop: StopSignal,
): Promise<WireResponse> {
	return new Promise<WireResponse>((resolve, reject) => {
		if (stop.aborted) {
			reject(stop.reason);
			return;
		}
		let abortExchange: ((error?: Error) => void) | null = null;
		let buffered: Buffer[] | null = null;
		let onChunk: ((chunk: Uint8Array) => void) | null = null;
		let consumer: { resolve(): void; reject(error: unknown): void } | null = null;
		let ended = false;
		let failure: unknown = null;
		let headResolved = false;
		const fail = (error: unknown) => {
			if (failure !== null || ended) return;
			failure = error;
			stopListening();
			abortExchange?.(error instanceof Error ? error : new Error(String(error)));
			if (!headResolved) reject(error);
			consumer?.reject(error);
		};
		const stopListening = stop.onAbort(() =>
			fail(stop.reason instanceof Error ? stop.reason : new Error("the request was aborted")),
		);
		const consume = (reader: (chunk: Uint8Array) => void) =>
			new Promise<void>((resolveBody, rejectBody) => {
				onChunk = reader;
				const early = buffered;
				buffered = null;
				try {
					for (const chunk of early ?? []) reader(chunk);
				} catch (error) {
					fail(error);
				}
				if (failure !== null) rejectBody(failure);
				else if (ended) resolveBody();
				else consumer = { resolve: resolveBody, reject: rejectBody };
			});
		dispatcher.dispatch(
			{ path, method: "POST", headers, body },
			{
				onConnect(abort) {
					abortExchange = abort;
				},
				onError: fail,
				onHeaders(statusCode, rawHeaders, _resume, statusText) {
					if (statusCode < 200) return true;
					const parsed: Record<string, string> = {};
					for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
						const name = String(rawHeaders[index]).toLowerCase();
						const previous = parsed[name];
						parsed[name] =
							previous === undefined ? String(rawHeaders[index + 1]) : `${previous}, ${rawHeaders[index + 1]}`;
					}
					headResolved = true;
					resolve({ status: statusCode, statusText, headers: parsed, consume });
					return true;
				},
				onData(chunk) {
					if (failure !== null) return false;
					if (onChunk === null) {
						buffered ??= [];
						buffered.push(chunk);
						return true;
					}
					try {
						onChunk(chunk);
					} catch (error) {
						fail(error);
						return false;
					}
					return true;
				},
				onComplete() {
					if (failure !== null) return;
					ended = true;
					stopListening();
					consumer?.resolve();
				},
			},
		);
	});
}
