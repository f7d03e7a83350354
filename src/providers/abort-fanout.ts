/** The callbacks waiting on each long-lived signal, behind that signal's one listener. */
const waiting = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `callback` when `signal` aborts, and returns a function that stops waiting. A run's stop
 * signal is shared by every call in flight, and an EventTarget scans its listeners on each add
 * and remove: at 256 calls in flight that scan cost more than the HTTP request. Here the signal
 * gets one listener for all of them, and adding or removing a waiter costs O(1).
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
	let callbacks = waiting.get(signal);
	if (callbacks === undefined) {
		const created = new Set<() => void>();
		callbacks = created;
		waiting.set(signal, created);
		signal.addEventListener(
			"abort",
			() => {
				for (const waiter of [...created]) waiter();
				created.clear();
			},
			{ once: true },
		);
	}
	const own = callbacks;
	own.add(callback);
	return () => {
		own.delete(callback);
	};
}
