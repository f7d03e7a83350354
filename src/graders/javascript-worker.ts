import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/** Heap a check module's worker may use (old generation), in MiB; past it the worker is stopped. */
export const JAVASCRIPT_CHECK_HEAP_MB = 128;
/** Allowed for a fresh worker to start before the module's own time bound begins. */
const STARTUP_MS = 10_000;

/** Check workers alive at once; further calls wait their turn (their time bound starts when their worker runs). */
export const MAX_CHECK_WORKERS = Math.max(2, availableParallelism());

/** What a check module's `check` gave: its value, or why there is none (thrown, timed out, no export). */
export type ModuleCallResult = { readonly value: unknown } | { readonly failure: string };

/*
 * One worker per call: a module keeps no state from one cell to the next, a heap limit applies to
 * one call, and a call that passes its bound is stopped by terminating its worker (the only way to
 * interrupt a busy loop). Starting a worker costs tens of milliseconds, next to a model call's
 * hundreds. The code is evaluated rather than loaded from a file, so it runs the same from the
 * sources (tests) and from dist/; the module is imported by file URL, with its hash in the query
 * so an edited module is never served from a cache.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const describe = (error) => (error instanceof Error ? error.message || error.name : String(error));
(async () => {
	let result;
	try {
		const loaded = await import(workerData.url);
		const check = typeof loaded.check === "function" ? loaded.check : typeof loaded.default === "function" ? loaded.default : null;
		result = check === null
			? { failure: "exports no check function; write \`export function check({ output, input, reference, vars }) { ... }\`" }
			: { value: await check(workerData.args) };
	} catch (error) {
		result = { failure: "threw: " + describe(error) };
	}
	try {
		parentPort.postMessage(result);
	} catch (error) {
		parentPort.postMessage({ failure: "returned a value that cannot be copied out of its worker (" + describe(error) + ")" });
	}
})();
`;

/**
 * Imports the module at `path` in a fresh worker thread and calls its `check(args)` (awaited when
 * it returns a promise). Resolves to the value, or to a failure when the module throws, rejects,
 * exports no `check`, runs out of heap, exits, or runs past `timeoutMs` (counted from the moment
 * the worker runs); rejects only with the signal's reason when it aborts. At most
 * {@link MAX_CHECK_WORKERS} calls run at once.
 */
export async function callCheckModule(options: CallOptions): Promise<ModuleCallResult> {
	while (active >= MAX_CHECK_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
	active += 1;
	try {
		return await runInWorker(options);
	} finally {
		active -= 1;
		waiting.shift()?.();
	}
}

interface CallOptions {
	readonly path: string;
	readonly sha256: string;
	readonly args: unknown;
	readonly timeoutMs: number;
	readonly signal: AbortSignal;
}

let active = 0;
const waiting: (() => void)[] = [];

function runInWorker(options: CallOptions): Promise<ModuleCallResult> {
	const { signal, timeoutMs } = options;
	return new Promise((resolve, reject) => {
		signal.throwIfAborted();
		const url = `${pathToFileURL(options.path).href}?sha256=${options.sha256}`;
		const worker = new Worker(WORKER_SOURCE, {
			eval: true,
			workerData: { url, args: options.args },
			resourceLimits: { maxOldGenerationSizeMb: JAVASCRIPT_CHECK_HEAP_MB, maxYoungGenerationSizeMb: 32 },
			// The module's console output stays out of the run's terminal.
			stdout: true,
			stderr: true,
		});
		worker.stdout.resume();
		worker.stderr.resume();
		let settled = false;
		const settle = (result: ModuleCallResult | null, error?: unknown) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			signal.removeEventListener("abort", onAbort);
			void worker.terminate();
			if (result === null) reject(error);
			else resolve(result);
		};
		const timedOut = () => settle({ failure: `ran longer than ${timeoutMs} ms (timeout_ms) and was stopped` });
		let timer = setTimeout(timedOut, timeoutMs + STARTUP_MS);
		const onAbort = () => settle(null, signal.reason);
		signal.addEventListener("abort", onAbort, { once: true });
		worker.once("online", () => {
			clearTimeout(timer);
			timer = setTimeout(timedOut, timeoutMs);
		});
		worker.once("message", (message: ModuleCallResult) => settle(message));
		worker.once("error", (error: Error & { code?: string }) =>
			settle({
				failure:
					error.code === "ERR_WORKER_OUT_OF_MEMORY"
						? `ran out of memory (over ${JAVASCRIPT_CHECK_HEAP_MB} MiB of heap) and was stopped`
						: `failed: ${error.message}`,
			}),
		);
		worker.once("exit", (code) => settle({ failure: `exited (code ${code}) before returning a value` }));
	});
}
