import type { Dispatcher } from "undici";
import type { StopSignal } from "./call-stop.js";
import type { WireResponse } from "./http-transport.js";

/**
 * One POST through undici's lowest layer, `Dispatcher.dispatch` with a handler of our own: the
 * head resolves the promise, body pieces go straight to the reader (kept until it comes), and the
 * stop aborts the exchange through undici's own abort. No Readable, no AsyncResource per call.
 */
export function dispatchPost(
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
			if (!headResolved) reject(error);
			consumer?.reject(error);
		};
		const stopListening = stop.onAbort(() => {
			const reason = stop.reason instanceof Error ? stop.reason : new Error("the request was aborted");
			abortExchange?.(reason);
			fail(reason);
		});
		const handler: Dispatcher.DispatchHandlers = {
			onConnect(abort) {
				abortExchange = abort;
			},
			onError(error) {
				fail(error);
			},
			onHeaders(statusCode, rawHeaders, _resume, statusText) {
				if (statusCode < 200) return true;
				const parsed: Record<string, string> = {};
				for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
					const name = String(rawHeaders[index]).toLowerCase();
					const value = String(rawHeaders[index + 1]);
					const previous = parsed[name];
					parsed[name] = previous === undefined ? value : `${previous}, ${value}`;
				}
				headResolved = true;
				resolve({ status: statusCode, statusText, headers: parsed, consume });
				return true;
			},
			onData(chunk) {
				if (failure !== null) return false;
				if (onChunk === null) {
					if (buffered === null) buffered = [chunk];
					else buffered.push(chunk);
					return true;
				}
				try {
					onChunk(chunk);
				} catch (error) {
					abortExchange?.(error instanceof Error ? error : new Error(String(error)));
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
		};
		const consume = (reader: (chunk: Uint8Array) => void) =>
			new Promise<void>((resolveBody, rejectBody) => {
				if (onChunk !== null) {
					rejectBody(new Error("the response body was already consumed"));
					return;
				}
				onChunk = reader;
				const early = buffered;
				buffered = null;
				try {
					for (const chunk of early ?? []) reader(chunk);
				} catch (error) {
					abortExchange?.(error instanceof Error ? error : new Error(String(error)));
					fail(error);
				}
				if (failure !== null) rejectBody(failure);
				else if (ended) resolveBody();
				else consumer = { resolve: resolveBody, reject: rejectBody };
			});
		dispatcher.dispatch({ path, method: "POST", headers, body }, handler);
	});
}
