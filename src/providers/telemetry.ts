import type { Completion, ModelPrice, Telemetry } from "../contract/index.js";
import { costOf } from "./cost.js";
import { readReportedNumber } from "./reported-number.js";

/** A generation phase shorter than this was not streamed (the reply came in one piece): no rate. */
const MIN_GENERATION_MS = 1;

/**
 * The telemetry of one attempt from the completions of its model calls, in order: tokens and
 * cost summed over calls, time to first token of the first call, tokens per second over the
 * generation phases, `turns` the number of calls, and `latency_ms` the attempt's wall time.
 * Unknowns propagate: one call of unknown cost (or tokens) makes the total unknown, because a
 * partial sum would read as a real, smaller figure. No calls at all means nothing is known, and
 * a total that is no figure (sums past Number.MAX_SAFE_INTEGER tokens, or an infinite cost) is
 * unknown too.
 */
export function telemetryFrom(
	completions: readonly Pick<Completion, "usage" | "billed_cost_usd" | "timing">[],
	wallMs: number,
	price: ModelPrice | null,
): Telemetry {
	const sum = (values: readonly (number | null)[], kind: "count" | "amount"): number | null =>
		values.length === 0 || values.some((value) => value === null)
			? null
			: readReportedNumber(
					values.reduce<number>((total, value) => total + (value ?? 0), 0),
					"",
					kind,
				).value;
	const output_tokens = sum(
		completions.map((completion) => completion.usage.output_tokens),
		"count",
	);
	const generation_ms = sum(
		completions.map((completion) => completion.timing.generation_ms),
		"amount",
	);
	return {
		cost_usd: sum(
			completions.map((completion) => costOf(completion, price)),
			"amount",
		),
		latency_ms: wallMs,
		ttft_ms: completions[0]?.timing.ttft_ms ?? null,
		input_tokens: sum(
			completions.map((completion) => completion.usage.input_tokens),
			"count",
		),
		output_tokens,
		cache_tokens: sum(
			completions.map((completion) => completion.usage.cache_tokens),
			"count",
		),
		tokens_per_sec:
			output_tokens === null || generation_ms === null || generation_ms < MIN_GENERATION_MS
				? null
				: output_tokens / (generation_ms / 1000),
		turns: completions.length,
	};
}

/**
 * The warnings of an attempt's replies, for `Attempt.warnings`: as they are for one reply, each
 * prefixed with its turn (`turn 3: …`) for several; `{}` when there are none, so an attempt
 * without warnings has no `warnings` key.
 */
export function attemptWarnings(completions: readonly Pick<Completion, "warnings">[]): {
	readonly warnings?: readonly string[];
} {
	const warnings = completions.flatMap((completion, index) =>
		(completion.warnings ?? []).map((warning) =>
			completions.length === 1 ? warning : `turn ${index + 1}: ${warning}`,
		),
	);
	return warnings.length === 0 ? {} : { warnings };
}
