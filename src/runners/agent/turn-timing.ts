import type { JsonObject } from "../../contract/index.js";

/**
 * Where the time of one turn went, on a monotonic clock: the model call, the tool calls, and the
 * rest, which is the loop's own overhead (building the request, the trace, the budget checks).
 * Recorded per turn so a benchmark can hold that overhead to its target (≤ 5 ms per turn).
 */
export interface TurnTiming {
	/** Turn number, from 1. */
	readonly turn: number;
	/** Milliseconds from the attempt's start to the start of this turn. */
	readonly started_ms: number;
	/** Wall time of the whole turn, in milliseconds. */
	readonly turn_ms: number;
	/** Time spent waiting on the model call (the provider's own parsing included). */
	readonly model_ms: number;
	/** Time spent in the tools the turn called. */
	readonly tool_ms: number;
}

/** The loop's own time in one turn: its wall time minus model and tool time. */
export function loopOverheadMs(timing: TurnTiming): number {
	return Math.max(0, timing.turn_ms - timing.model_ms - timing.tool_ms);
}

/** Totals of an attempt's turn timings, for its provenance: where its wall time went. */
export function timingSummary(timings: readonly TurnTiming[]): JsonObject {
	let model = 0;
	let tool = 0;
	let overhead = 0;
	let worst = 0;
	for (const timing of timings) {
		model += timing.model_ms;
		tool += timing.tool_ms;
		const own = loopOverheadMs(timing);
		overhead += own;
		worst = Math.max(worst, own);
	}
	const round = (value: number) => Math.round(value * 1000) / 1000;
	return {
		model_ms: round(model),
		tool_ms: round(tool),
		loop_overhead_ms: round(overhead),
		loop_overhead_max_ms: round(worst),
	};
}
