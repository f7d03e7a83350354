import { setMaxListeners } from "node:events";

/**
 * The two-step stop of a run: the first request stops scheduling new cells and lets in-flight
 * ones finish and be written; the second aborts the in-flight ones, which are then abandoned
 * (never written, so running the same command again does them).
 */
export class StopControl {
	readonly #abort = new AbortController();
	#requests = 0;

	constructor() {
		// Every in-flight cell listens to this one signal; hundreds at once is by design, not a leak.
		setMaxListeners(0, this.#abort.signal);
	}

	/** Aborts in-flight model calls after the second request. */
	get signal(): AbortSignal {
		return this.#abort.signal;
	}

	/** True once a stop was requested: schedule nothing more. */
	get stopping(): boolean {
		return this.#requests > 0;
	}

	/** Requests a stop; returns which one this was (1: drain, 2 or more: abandon). */
	request(): number {
		this.#requests += 1;
		if (this.#requests >= 2) this.#abort.abort(new Error("run abandoned by a second stop request"));
		return this.#requests;
	}
}
