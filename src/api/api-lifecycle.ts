import type { Hono } from "hono";
import type { PrefetchOptions, PrefetchReport } from "./inspection-prefetch.js";

const closers = new WeakMap<Hono, () => Promise<void>>();

/** Registers what ends the resources `app` holds (its calibration thread); called by createApi. */
export function onApiClose(app: Hono, close: () => Promise<void>): void {
	closers.set(app, close);
}

/**
 * Ends the resources an app made by createApi holds (its calibration thread, if a calibration was
 * asked), so the process can exit; ApiServer.close calls it. Later calibrations answer 500. Safe
 * to call twice, and for an app that holds nothing.
 */
export async function closeApi(app: Hono): Promise<void> {
	await closers.get(app)?.();
}

/** What prefetches an app's inspections into its own cache (see prefetchInspections). */
export type ApiPrefetch = (useCaseIds: readonly string[], options: Partial<PrefetchOptions>) => Promise<PrefetchReport>;

const prefetchers = new WeakMap<Hono, ApiPrefetch>();

/** Registers how `app` prefetches its inspections; called by createApi. */
export function onApiPrefetch(app: Hono, prefetch: ApiPrefetch): void {
	prefetchers.set(app, prefetch);
}

/** The prefetch of an app made by createApi, or null for any other app. */
export function apiPrefetchOf(app: Hono): ApiPrefetch | null {
	return prefetchers.get(app) ?? null;
}
