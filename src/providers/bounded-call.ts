import { onAbort } from "./abort-fanout.js";
import { CallStop } from "./call-stop.js";
import { classifyError } from "./classify-error.js";

/** What a bounded call needs: the caller's signal, the time limit, and how to name failures. */
export interface BoundedCallOptions {
	/** The caller's signal (the run's stop). */
	readonly signal: AbortSignal;
	/** Milliseconds before the call is abandoned as a timeout. */
	readonly timeoutMs: number;
	/** Put first in every error message. */
	readonly providerId: string;
	/** Values that must never appear in a message. */
	readonly secrets: readonly string[];
	/** See FailureContext.apiKeyEnv. */
	readonly apiKeyEnv?: string | null;
}

/**
 * Runs one model call under a time limit and the caller's signal: `work` gets a stop that fires
 * on either (a {@link CallStop}; its `signal` is an AbortSignal for APIs that need one), the call
 * settles the moment it fires (even if the client is slow to notice), and any failure comes out
 * as a classified ProviderError (`timeout`, `aborted`, HTTP kinds...).
 */
export async function boundedCall<T>(options: BoundedCallOptions, work: (stop: CallStop) => Promise<T>): Promise<T> {
	const { signal } = options;
	const callStop = new CallStop();
	let rejectStopped: (error: Error) => void = () => {};
	const stopped = new Promise<never>((_resolve, reject) => {
		rejectStopped = reject;
	});
	const stop = () => {
		callStop.abort();
		rejectStopped(new Error("the call was stopped"));
	};
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		stop();
	}, options.timeoutMs);
	const stopWaiting = onAbort(signal, stop);
	try {
		if (signal.aborted) throw signal.reason;
		const working = work(callStop);
		working.catch(() => {});
		return await Promise.race([working, stopped]);
	} catch (error) {
		throw classifyError(error, {
			providerId: options.providerId,
			timedOut,
			timeoutMs: options.timeoutMs,
			aborted: signal.aborted,
			secrets: options.secrets,
			...(options.apiKeyEnv === undefined ? {} : { apiKeyEnv: options.apiKeyEnv }),
		});
	} finally {
		clearTimeout(timer);
		stopWaiting();
	}
}
