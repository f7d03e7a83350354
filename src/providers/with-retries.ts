import { type Completion, type Provider, ProviderError } from "../contract/index.js";

/** How the retry layer waits and how often it tries again. */
export interface RetryOptions {
	/** Retries after the first failed call; 0 means one call only. */
	readonly maxRetries: number;
	/** The backoff ceiling of the first retry, in milliseconds; it doubles each retry. */
	readonly baseDelayMs?: number;
	/** The largest backoff ceiling, in milliseconds. */
	readonly maxDelayMs?: number;
	/**
	 * The longest `Retry-After` worth waiting for, in milliseconds; a server asking for more (a
	 * quota reset hours away) fails the call at once instead of stalling the run.
	 */
	readonly maxRetryAfterMs?: number;
	/** Waits; rejects when the signal aborts. Injected by tests. */
	readonly sleep?: (milliseconds: number, signal: AbortSignal) => Promise<void>;
	/** A number in [0, 1). Injected by tests. */
	readonly random?: () => number;
	/** Called before each wait, for logs and progress. */
	readonly onRetry?: (event: {
		readonly retry: number;
		readonly delayMs: number;
		readonly error: ProviderError;
	}) => void;
}

/** Backoff ceiling of the first retry when not given. */
export const DEFAULT_BASE_DELAY_MS = 1000;
/** Largest backoff ceiling when not given. */
export const DEFAULT_MAX_DELAY_MS = 30_000;
/** Longest Retry-After honoured when not given. */
export const DEFAULT_MAX_RETRY_AFTER_MS = 120_000;

/**
 * The delay before retry number `retry` (0 for the first): "full jitter" backoff, a uniform draw
 * in [0, min(maxDelay, base × 2^retry)), so clients that failed together do not retry together.
 * When the server sent `Retry-After`, the delay is at least that long.
 */
export function retryDelay(
	retry: number,
	retryAfterMs: number | null,
	options: { readonly baseDelayMs: number; readonly maxDelayMs: number; readonly random: () => number },
): number {
	const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
	const backoff = options.random() * ceiling;
	return retryAfterMs === null ? backoff : Math.max(retryAfterMs, backoff);
}

/**
 * Wraps a provider in touchstone's one retry layer. Retried: errors marked `retryable` (429, 408,
 * 409, 5xx, refused or reset connections, timeouts, and unparsable replies, which in practice are
 * a proxy or server hiccup). Never retried: other 4xx (400, 401, 403, 404, 422), requests the
 * provider refuses, a crashed command, and a cancelled call. The completion, or the final error,
 * carries the number of retries spent.
 */
export function withRetries(provider: Provider, options: RetryOptions): Provider {
	const settings = {
		baseDelayMs: options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS,
		maxDelayMs: options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS,
		random: options.random ?? Math.random,
	};
	const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
	const sleep = options.sleep ?? abortableSleep;
	return {
		specificationVersion: "v1",
		id: provider.id,
		endpoint: provider.endpoint,
		async complete(request, { signal }): Promise<Completion> {
			for (let retry = 0; ; retry += 1) {
				let error: ProviderError;
				try {
					const completion = await provider.complete(request, { signal });
					return { ...completion, retries: retry };
				} catch (thrown) {
					error =
						thrown instanceof ProviderError
							? thrown
							: new ProviderError(`${provider.id}: ${String(thrown)}`, { kind: "bad-request" });
				}
				const tooLong = error.retry_after_ms !== null && error.retry_after_ms > maxRetryAfterMs;
				if (!error.retryable || retry >= options.maxRetries || tooLong || signal.aborted)
					throw error.afterRetries(retry);
				const delayMs = retryDelay(retry, error.retry_after_ms, settings);
				options.onRetry?.({ retry: retry + 1, delayMs, error });
				try {
					await sleep(delayMs, signal);
				} catch {
					throw new ProviderError(`${provider.id}: the call was cancelled while waiting to retry`, {
						kind: "aborted",
						retries: retry,
					});
				}
			}
		},
	};
}

/** Resolves after `milliseconds`, or rejects as soon as `signal` aborts. */
export function abortableSleep(milliseconds: number, signal: AbortSignal): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal.aborted) return reject(signal.reason);
		const onAbort = () => {
			clearTimeout(timer);
			reject(signal.reason);
		};
		const timer = setTimeout(() => {
			signal.removeEventListener("abort", onAbort);
			resolve();
		}, milliseconds);
		signal.addEventListener("abort", onAbort, { once: true });
	});
}
