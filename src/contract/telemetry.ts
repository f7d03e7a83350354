/**
 * What one attempt cost and how fast it was, measured by the core (never by a plugin) and
 * normalized across providers and harnesses. Every field is `null` when unknown: an unknown cost
 * is not a free one.
 */
export interface Telemetry {
	/** Billed cost in USD when the provider reports it, else from the price table, else null. */
	readonly cost_usd: number | null;
	/** Wall time of the whole attempt, in milliseconds. */
	readonly latency_ms: number | null;
	/** Time to the first streamed token of the first model call, in milliseconds. */
	readonly ttft_ms: number | null;
	/** Prompt tokens over every model call of the attempt. */
	readonly input_tokens: number | null;
	/** Completion tokens over every model call of the attempt. */
	readonly output_tokens: number | null;
	/** Prompt tokens served from the provider's cache. */
	readonly cache_tokens: number | null;
	/** Output tokens per second over the generation phase (after the first token). */
	readonly tokens_per_sec: number | null;
	/** Model calls made: 1 for single-shot, one per turn for agents. */
	readonly turns: number | null;
}

/** Telemetry where nothing is known yet. */
export const UNKNOWN_TELEMETRY: Telemetry = Object.freeze({
	cost_usd: null,
	latency_ms: null,
	ttft_ms: null,
	input_tokens: null,
	output_tokens: null,
	cache_tokens: null,
	tokens_per_sec: null,
	turns: null,
});
