import { TouchstoneError } from "../../contract/index.js";

/**
 * Runs `call` with a signal that aborts after `ms` or when `signal` does, and stops waiting at
 * that moment: a plugin that ignores its signal cannot hold the cell (or the load) past the bound.
 * A timeout rejects with a TouchstoneError `plugin-timeout` saying what did not finish.
 */
export async function boundedCall<T>(
	what: string,
	ms: number,
	signal: AbortSignal,
	call: (signal: AbortSignal) => T | Promise<T>,
): Promise<T> {
	const controller = new AbortController();
	let timer: NodeJS.Timeout | undefined;
	let onAbort: (() => void) | undefined;
	const stopped = new Promise<never>((_, reject) => {
		timer = setTimeout(() => {
			const error = new TouchstoneError("plugin-timeout", `${what} did not finish within ${ms} ms`);
			controller.abort(error);
			reject(error);
		}, ms);
		onAbort = () => {
			controller.abort(signal.reason);
			reject(signal.reason);
		};
		if (signal.aborted) onAbort();
		else signal.addEventListener("abort", onAbort, { once: true });
	});
	try {
		return await Promise.race([Promise.resolve().then(() => call(controller.signal)), stopped]);
	} finally {
		clearTimeout(timer);
		if (onAbort !== undefined) signal.removeEventListener("abort", onAbort);
	}
}

/** The message of anything thrown, bounded so a hostile plugin cannot flood a row or a terminal. */
export function thrownMessage(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}… (${message.length} characters)` : message;
}

const MAX_MESSAGE = 2000;
