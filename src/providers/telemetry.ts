import type { Completion, ModelPrice, Telemetry } from "../contract/index.js";
import { costOf } from "./cost.js";

/** A generation phase shorter than this was not streamed (the reply came in one piece): no rate. */
const MIN_GENERATION_MS = 1;

/**
 * The telemetry of one attempt from the completions of its model calls, in order: tokens and
 * cost summed over calls, time to first token of the first call, tokens per second over the
 * generation phases, `turns` the number of calls, and `latency_ms` the attempt's wall time.
 * Unknowns propagate: one call of unknown cost (or tokens) makes the total unknown, because a
 * partial sum would read as a real, smaller figure. No calls at all means nothing is known.
 */
export function telemetryFrom(
	completions: readonly Pick<Completion, "usage" | "billed_cost_usd" | "timing">[],
	wallMs: number,
	price: ModelPrice | null,
): Telemetry {
	const sum = (values: readonly (number | null)[]): number | null =>
		values.length === 0 || values.some((value) => value === null)
			? null
			: values.reduce<number>((total, value) => total + (value ?? 0), 0);
	const output_tokens = sum(completions.map((completion) => completion.usage.output_tokens));
	const generation_ms = sum(completions.map((completion) => completion.timing.generation_ms));
	return {
		cost_usd: sum(completions.map((completion) => costOf(completion, price))),
		latency_ms: wallMs,
		ttft_ms: completions[0]?.timing.ttft_ms ?? null,
		input_tokens: sum(completions.map((completion) => completion.usage.input_tokens)),
		output_tokens,
		cache_tokens: sum(completions.map((completion) => completion.usage.cache_tokens)),
		tokens_per_sec:
			output_tokens === null || generation_ms === null || generation_ms < MIN_GENERATION_MS
				? null
				: output_tokens / (generation_ms / 1000),
		turns: completions.length,
	};
}
