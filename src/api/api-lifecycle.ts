import type { Hono } from "hono";

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
