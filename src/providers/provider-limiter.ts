import { type ModelEntry, type Provider, ProviderError } from "../contract/index.js";
import { entrySettings } from "./entry-settings.js";

/** A counting semaphore: at most `limit` holders at once, the rest wait in order. */
export interface Semaphore {
	/** Holders allowed at once; lowering it takes effect as holders release. */
	limit: number;
	/** Holders right now. */
	readonly active: number;
	/** Callers waiting right now. */
	readonly waiting: number;
	/**
	 * Runs `task` once a place is free, releasing the place when it settles. A caller whose
	 * `signal` aborts while waiting leaves the queue and gets the signal's reason.
	 */
	run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/** Creates a {@link Semaphore}. */
export function createSemaphore(limit: number): Semaphore {
	let active = 0;
	const queue: (() => void)[] = [];
	const waitForPlace = (signal: AbortSignal | undefined) =>
		new Promise<void>((resolve, reject) => {
			const onAbort = () => {
				const index = queue.indexOf(grant);
				if (index >= 0) queue.splice(index, 1);
				reject(signal?.reason);
			};
			const grant = () => {
				signal?.removeEventListener("abort", onAbort);
				resolve();
			};
			queue.push(grant);
			signal?.addEventListener("abort", onAbort, { once: true });
		});
	const semaphore: Semaphore = {
		limit,
		get active() {
			return active;
		},
		get waiting() {
			return queue.length;
		},
		async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
			signal?.throwIfAborted();
			if (active >= semaphore.limit) await waitForPlace(signal);
			else active += 1;
			try {
				return await task();
			} finally {
				const next = active <= semaphore.limit ? queue.shift() : undefined;
				// The place passes straight to the next waiter, so `active` stays counted.
				if (next === undefined) active -= 1;
				else next();
			}
		},
	};
	return semaphore;
}

/** One concurrency limit per endpoint and key: what rate limits are really counted against. */
export interface ProviderLimiter {
	/**
	 * Wraps a provider so its calls share the limit of every entry with the same provider kind,
	 * base_url and api_key_env. The limit is the smallest `options.concurrency` (default 8) among
	 * the entries that share it.
	 */
	limit(entry: ModelEntry, provider: Provider): Provider;
	/** The semaphore for an entry, for progress displays and tests. */
	semaphoreFor(entry: ModelEntry): Semaphore;
}

/** Creates a {@link ProviderLimiter}; one per run, shared by every cell. */
export function createProviderLimiter(): ProviderLimiter {
	const semaphores = new Map<string, Semaphore>();
	const semaphoreFor = (entry: ModelEntry): Semaphore => {
		const key = JSON.stringify([entry.provider, entry.base_url, entry.api_key_env]);
		const { concurrency } = entrySettings(entry);
		const existing = semaphores.get(key);
		if (existing !== undefined) {
			existing.limit = Math.min(existing.limit, concurrency);
			return existing;
		}
		const created = createSemaphore(concurrency);
		semaphores.set(key, created);
		return created;
	};
	return {
		semaphoreFor,
		limit(entry, provider) {
			const semaphore = semaphoreFor(entry);
			return {
				specificationVersion: "v1",
				id: provider.id,
				endpoint: provider.endpoint,
				complete: (request, options) =>
					semaphore
						.run(() => provider.complete(request, options), options.signal)
						.catch((error: unknown) => {
							if (error instanceof ProviderError || !options.signal.aborted) throw error;
							throw new ProviderError(`${provider.id}: the call was cancelled while waiting for a free slot`, {
								kind: "aborted",
							});
						}),
			};
		},
	};
}
