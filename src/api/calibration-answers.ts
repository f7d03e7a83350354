import type { Store } from "../store/index.js";
import type { CachedBody } from "./cached-body.js";
import type { CalibrationJob } from "./calibration-protocol.js";
import { CalibrationWorker } from "./calibration-worker.js";
import type { ResponseCache } from "./response-cache.js";
import type { RatingDependence } from "./route.js";

/** How a body was had: from the cache, computed for this request, or from a computation another request started. */
export type CacheOutcome = "hit" | "miss" | "shared";

interface Running {
	/** The cache generation the computation started under. */
	readonly generation: string;
	readonly body: Promise<CachedBody>;
}

/**
 * Calibration answers, computed off the server's thread (see CalibrationWorker, started on the
 * first one) and kept in the response cache like every GET answer. Requests for the same
 * uncached answer while it is computed share that one computation; at most one runs per answer.
 * A computation started before the store changed (a rating, another process's write) answers
 * the requests that were waiting for it but is not cached, and a request arriving after the
 * change waits for it to end, then computes anew.
 */
export class CalibrationAnswers {
	readonly #store: Store;
	readonly #cache: ResponseCache;
	readonly #running = new Map<string, Running>();
	#worker: CalibrationWorker | null = null;
	#closed = false;

	constructor(store: Store, cache: ResponseCache) {
		this.#store = store;
		this.#cache = cache;
	}

	/** The body for cache key `key`: cached, or `job` computed on the thread and cached under the generation it started in. */
	async answer(
		key: string,
		job: CalibrationJob,
		ratings: RatingDependence | null,
	): Promise<{ body: CachedBody; cache: CacheOutcome }> {
		for (;;) {
			const cached = this.#cache.get(key);
			if (cached !== undefined) return { body: cached, cache: "hit" };
			const generation = this.#cache.generation();
			const running = this.#running.get(key);
			if (running === undefined) return { body: await this.#compute(key, generation, job, ratings), cache: "miss" };
			if (running.generation === generation) return { body: await running.body, cache: "shared" };
			// Started before the store changed: its answer is not this request's; one computation at a time.
			await running.body.catch(() => undefined);
		}
	}

	/** Ends the thread, if it was started; later calibrations are refused (500). */
	async close(): Promise<void> {
		this.#closed = true;
		await this.#worker?.close();
	}

	#compute(
		key: string,
		generation: string,
		job: CalibrationJob,
		ratings: RatingDependence | null,
	): Promise<CachedBody> {
		if (this.#closed) return Promise.reject(new Error("the API is closed: no calibration thread"));
		// A thread that crashed (its requests got a 500) is replaced by a new one.
		if (this.#worker === null || !this.#worker.alive) this.#worker = new CalibrationWorker(this.#store.paths);
		const body = this.#worker
			.calibrate(job)
			.then((json) => this.#cache.set(key, generation, json, ratings))
			.finally(() => this.#running.delete(key));
		this.#running.set(key, { generation, body });
		return body;
	}
}
