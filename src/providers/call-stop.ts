import { onAbort } from "./abort-fanout.js";

/**
 * What tells one model call to stop (its time limit, the run's stop): the part of an AbortSignal
 * that the HTTP clients use, plus a real AbortSignal for the APIs that take nothing else (fetch,
 * the AI SDK).
 */
export interface StopSignal {
	/** True once the call must stop. */
	readonly aborted: boolean;
	/** Why it stopped; undefined until then. */
	readonly reason: unknown;
	/** Calls `callback` once when the call stops (never if it already has); returns what stops listening. */
	onAbort(callback: () => void): () => void;
	/** The same stop as an AbortSignal. */
	readonly signal: AbortSignal;
}

const NOTHING = (): void => {};

/**
 * The stop of one call, made by {@link boundedCall}. An AbortController per call would do, but
 * an AbortSignal is an EventTarget: making one and adding and removing its listener took about a
 * second of the run's thread, and a Map per call, over 100,000 calls (bench/overhead). This is an
 * object and a short list; its AbortSignal is made only when something asks for it.
 */
export class CallStop implements StopSignal {
	#reason: unknown;
	#aborted = false;
	#callbacks: (() => void)[] = [];
	#controller: AbortController | null = null;

	get aborted(): boolean {
		return this.#aborted;
	}

	get reason(): unknown {
		return this.#reason;
	}

	onAbort(callback: () => void): () => void {
		if (this.#aborted) return NOTHING;
		this.#callbacks.push(callback);
		return () => {
			const index = this.#callbacks.indexOf(callback);
			if (index >= 0) this.#callbacks.splice(index, 1);
		};
	}

	get signal(): AbortSignal {
		if (this.#controller === null) {
			this.#controller = new AbortController();
			if (this.#aborted) this.#controller.abort(this.#reason);
		}
		return this.#controller.signal;
	}

	/** Stops the call, with `reason` (an AbortError, as AbortController gives, by default). Only the first call counts. */
	abort(reason: unknown = new DOMException("This operation was aborted", "AbortError")): void {
		if (this.#aborted) return;
		this.#aborted = true;
		this.#reason = reason;
		this.#controller?.abort(reason);
		const callbacks = this.#callbacks;
		this.#callbacks = [];
		for (const callback of callbacks) callback();
	}
}

/** An AbortSignal as a {@link StopSignal} (for callers that already hold one, and tests). */
export function stopSignalOf(signal: AbortSignal): StopSignal {
	return {
		get aborted() {
			return signal.aborted;
		},
		get reason() {
			return signal.reason;
		},
		onAbort: (callback) => (signal.aborted ? NOTHING : onAbort(signal, callback)),
		signal,
	};
}
