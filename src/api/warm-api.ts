import { setImmediate as nextTurn } from "node:timers/promises";
import type { Hono } from "hono";
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
	let cursor: string | null = null;
	const ids: string[] = [];
	do {
		const page = await app.request(
			`${API_BASE_PATH}/use-cases?limit=500${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`,
		);
		if (!page.ok) return { leaderboards, failed: failed + 1, ms: performance.now() - started };
		const body = (await page.json()) as { use_cases: { use_case_id: string }[]; next_cursor: string | null };
		ids.push(...body.use_cases.map((useCase) => useCase.use_case_id));
		cursor = body.next_cursor;
	} while (cursor !== null);
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
