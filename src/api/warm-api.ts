import { setImmediate as nextTurn } from "node:timers/promises";
import type { Hono } from "hono";
import { apiPrefetchOf } from "./api-lifecycle.js";
import type { PrefetchReport } from "./inspection-prefetch.js";
import { API_BASE_PATH } from "./openapi-document.js";

/** What warming did. */
export interface WarmReport {
	/** Leaderboards computed and cached. */
	readonly leaderboards: number;
	/** Leaderboards that answered with an error (logged by the app like any request). */
	readonly failed: number;
	/** Wall time, in milliseconds. */
	readonly ms: number;
}

/**
 * Computes the current leaderboard of every use case through the app itself, so they sit in its
 * response cache before anyone asks (a leaderboard of a large store takes seconds to compute,
 * then milliseconds to serve). Yields between use cases so requests arriving meanwhile are not
 * held behind the whole list; stops early when `signal` aborts.
 */
export async function warmLeaderboards(app: Hono, options: { signal?: AbortSignal } = {}): Promise<WarmReport> {
	const started = performance.now();
	let leaderboards = 0;
	let failed = 0;
	const ids = await useCaseIds(app);
	if (ids === null) return { leaderboards, failed: failed + 1, ms: performance.now() - started };
	for (const id of ids) {
		if (options.signal?.aborted) break;
		await nextTurn();
		const response = await app.request(`${API_BASE_PATH}/leaderboard?use_case=${encodeURIComponent(id)}`);
		await response.arrayBuffer();
		if (response.ok) leaderboards += 1;
		else failed += 1;
	}
	return { leaderboards, failed, ms: performance.now() - started };
}

/**
 * Computes the inspection of every case of every use case the app lists, off its thread, into
 * its response cache (see prefetchInspections), so the first look at a case is as fast as the
 * next. Null for an app not made by createApi, or when the use cases could not be listed.
 */
export async function prefetchCaseInspections(
	app: Hono,
	options: { signal?: AbortSignal } = {},
): Promise<PrefetchReport | null> {
	const prefetch = apiPrefetchOf(app);
	const ids = prefetch === null ? null : await useCaseIds(app);
	if (prefetch === null || ids === null) return null;
	return prefetch(ids, options.signal === undefined ? {} : { signal: options.signal });
}

/** Every use case the app lists, through its own `/use-cases` pages; null when a page fails. */
async function useCaseIds(app: Hono): Promise<string[] | null> {
	let cursor: string | null = null;
	const ids: string[] = [];
	do {
		const page = await app.request(
			`${API_BASE_PATH}/use-cases?limit=500${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`,
		);
		if (!page.ok) return null;
		const body = (await page.json()) as { use_cases: { use_case_id: string }[]; next_cursor: string | null };
		ids.push(...body.use_cases.map((useCase) => useCase.use_case_id));
		cursor = body.next_cursor;
	} while (cursor !== null);
	return ids;
}
