import type { StorePaths } from "../store/index.js";
import { CalibrationWorker } from "./calibration-worker.js";
import { API_BASE_PATH } from "./openapi-document.js";
import { cacheKeyOf, type ResponseCache } from "./response-cache.js";
import type { RatingDependence } from "./route.js";

/** Why a prefetch ended. */
export type PrefetchEnd = "done" | "budget" | "changed" | "aborted" | "failed";

/** What a prefetch did. */
export interface PrefetchReport {
	/** Inspections computed on the thread and kept in the cache. */
	readonly inspections: number;
	/** Cases whose inspection was already cached (asked meanwhile). */
	readonly cached: number;
	/** Use cases or cases whose inspection failed (each also answers its error when asked). */
	readonly failed: number;
	/** Bytes the kept inspections take in the cache. */
	readonly bytes: number;
	readonly ended: PrefetchEnd;
	/** Wall time, in milliseconds. */
	readonly ms: number;
}

/** What a prefetch fills: the app's cache, with the key and the rating dependence its inspector route gives a case. */
export interface PrefetchTarget {
	readonly paths: StorePaths;
	readonly cache: ResponseCache;
	readonly ratings: (useCaseId: string, caseId: string) => RatingDependence | null;
}

export interface PrefetchOptions {
	/** Stops after the inspection under way. */
	readonly signal?: AbortSignal;
	/** Stops once the inspections kept take this many bytes of the cache. */
	readonly budgetBytes: number;
}

/** The cache key of the inspector's answer for one case of the current version, as a request for it makes it. */
export function inspectionKey(useCaseId: string, caseId: string): string {
	const url = new URL(`http://prefetch${API_BASE_PATH}/inspector`);
	url.searchParams.set("use_case", useCaseId);
	url.searchParams.set("case_id", caseId);
	return cacheKeyOf(url);
}

/**
 * Computes the inspection of every case of each use case's current version on a thread of its
 * own (the calibration thread's code, on a connection of its own), encodes it there, and keeps it
 * in the response cache, so the first request for a case is served from the cache instead of
 * costing the server's thread 8-10 ms of reads and encoding while other requests queue behind it.
 * Each inspection is kept only if the store is unchanged since it was asked for (see
 * ResponseCache.offer); the prefetch ends when the store changes, when the kept inspections
 * reach `budgetBytes`, or when `signal` aborts. A case asked for before the prefetch reaches it
 * is computed as before, on the request. The thread ends with the prefetch.
 */
export async function prefetchInspections(
	target: PrefetchTarget,
	useCaseIds: readonly string[],
	options: PrefetchOptions,
): Promise<PrefetchReport> {
	const started = performance.now();
	// A cache of no bytes (turned off) keeps nothing: no thread for it.
	if (options.budgetBytes <= 0)
		return { inspections: 0, cached: 0, failed: 0, bytes: 0, ended: "budget", ms: performance.now() - started };
	const worker = new CalibrationWorker(target.paths);
	let inspections = 0;
	let cached = 0;
	let failed = 0;
	let bytes = 0;
	const end = (ended: PrefetchEnd): PrefetchReport => ({
		inspections,
		cached,
		failed,
		bytes,
		ended,
		ms: performance.now() - started,
	});
	try {
		for (const useCaseId of useCaseIds) {
			let caseIds: readonly string[];
			try {
				caseIds = await worker.caseIds(useCaseId);
			} catch {
				// No spec yet (an idea, or a use case never run): nothing to inspect.
				if (!worker.alive) return end("failed");
				continue;
			}
			for (const caseId of caseIds) {
				if (options.signal?.aborted) return end("aborted");
				const key = inspectionKey(useCaseId, caseId);
				if (target.cache.has(key)) {
					cached += 1;
					continue;
				}
				const generation = target.cache.generation();
				let body: Awaited<ReturnType<CalibrationWorker["inspect"]>>;
				try {
					body = await worker.inspect({ useCaseId, caseId });
				} catch {
					if (!worker.alive) return end("failed");
					failed += 1;
					continue;
				}
				if (!target.cache.offer(key, generation, body, target.ratings(useCaseId, caseId))) {
					// Computed over data that has changed since (the cache emptied itself), or too large to keep.
					if (target.cache.generation() !== generation) return end("changed");
					failed += 1;
					continue;
				}
				inspections += 1;
				bytes += body.bytes.byteLength;
				if (bytes >= options.budgetBytes) return end("budget");
			}
		}
		return end("done");
	} finally {
		await worker.close();
	}
}
