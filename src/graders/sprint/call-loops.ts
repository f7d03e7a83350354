import { canonicalJson, type Step } from "../../contract/index.js";

/** Degenerate call loops in a worker's trace: the same call made again and again, back to back. */
export interface CallLoops {
	/** Runs of at least `min` identical consecutive calls. */
	readonly loops: number;
	/** Calls inside those runs beyond each run's first: the calls the loops wasted. */
	readonly wasted_calls: number;
	/** The longest run of identical consecutive calls (1 when no call repeats; 0 without calls). */
	readonly longest: number;
}

/**
 * Finds the degenerate loops of seed 002's process layer: a tool call identical to the one before
 * it (same tool, same arguments, key order aside) extends a run; `min` identical calls in a row
 * (default 3) are a loop. Only `tool_call` steps count, so the results and thoughts between two
 * identical calls do not break a run: a worker that reads the same file four times in a row,
 * whatever it was told in between, is looping.
 */
export function callLoops(steps: readonly Step[], min = 3): CallLoops {
	if (!Number.isInteger(min) || min < 2) throw new RangeError(`a loop is at least 2 identical calls, got ${min}`);
	let loops = 0;
	let wasted = 0;
	let longest = 0;
	let run = 0;
	let previous: string | null = null;
	const close = () => {
		if (run >= min) {
			loops += 1;
			wasted += run - 1;
		}
	};
	for (const step of steps) {
		if (step.kind !== "tool_call") continue;
		const call = `${step.tool ?? ""}\u0000${canonicalJson(step.arguments ?? {})}`;
		if (call === previous) run += 1;
		else {
			close();
			run = 1;
			previous = call;
		}
		longest = Math.max(longest, run);
	}
	close();
	return { loops, wasted_calls: wasted, longest };
}
