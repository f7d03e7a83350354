import { TouchstoneError } from "../../contract/index.js";

/** setTimeout fires at once past this (about 24.8 days); a longer budget is as good as none. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** One attempt's stop: the run's signal or the wall-time budget, whichever comes first. */
export interface AttemptDeadline {
	/** Aborts every model call and command of the attempt. */
	readonly signal: AbortSignal;
	/** Whether the wall-time budget (not the run) stopped it. */
	passed(): boolean;
	/** Stops the timer and lets go of the run's signal; call it when the attempt ends. */
	clear(): void;
}

/** Starts the wall-time budget of an attempt: `timeLeftMs` from now, or the run's stop. */
export function startAttemptDeadline(runSignal: AbortSignal, timeLeftMs: number): AttemptDeadline {
	const controller = new AbortController();
	let passed = false;
	const forward = () => controller.abort(runSignal.reason);
	runSignal.addEventListener("abort", forward, { once: true });
	const timer = setTimeout(
		() => {
			passed = true;
			controller.abort(new TouchstoneError("agent-deadline", "the attempt's wall-time budget is used up"));
		},
		Math.min(timeLeftMs, MAX_TIMER_MS),
	);
	return {
		signal: controller.signal,
		passed: () => passed,
		clear: () => {
			clearTimeout(timer);
			runSignal.removeEventListener("abort", forward);
		},
	};
}
