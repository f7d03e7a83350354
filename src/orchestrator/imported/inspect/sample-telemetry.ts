import { type Telemetry, UNKNOWN_TELEMETRY } from "../../../contract/index.js";
import type { InspectSample, InspectUsage } from "./log-schema.js";

/**
 * What a sample measured of the evaluated model, each figure null where the log does not know it:
 * - tokens: the sample's `model_usage` of the eval's model (a grader's or another role's usage
 *   is not the model's, and stays in the sample's details). inspect counts `input_tokens` without
 *   the prompt cache's reads and writes; touchstone counts every prompt token, so they are added
 *   back, and the reads are the cache tokens. A usage of all zeros is inspect's default for a
 *   provider that reported none: unknown.
 * - cost: that usage's `total_cost`, which inspect records only when it knows the model's price.
 * - latency: the sample's `total_time` (wall clock, in seconds); its `working_time` (without
 *   waits for rate limits and shared resources) has no telemetry field and stays in the details.
 * - turns: the assistant messages of the conversation, one per generate call; null when the log
 *   kept no messages.
 * Time to first token and tokens per second are never in a log.
 */
export function sampleTelemetry(sample: InspectSample, model: string): Telemetry {
	const usage = knownUsage(sample.model_usage?.[model]);
	const messages = sample.messages ?? [];
	const cacheRead = usage?.input_tokens_cache_read ?? null;
	const cacheWrite = usage?.input_tokens_cache_write ?? null;
	return {
		...UNKNOWN_TELEMETRY,
		cost_usd: usage?.total_cost ?? null,
		latency_ms: sample.total_time == null ? null : Math.round(sample.total_time * 1000),
		input_tokens: usage?.input_tokens == null ? null : usage.input_tokens + (cacheRead ?? 0) + (cacheWrite ?? 0),
		output_tokens: usage?.output_tokens ?? null,
		cache_tokens: usage === null ? null : cacheRead,
		turns: messages.length === 0 ? null : messages.filter((message) => message.role === "assistant").length,
	};
}

function knownUsage(usage: InspectUsage | undefined): InspectUsage | null {
	if (usage === undefined) return null;
	const tokens =
		(usage.input_tokens ?? 0) +
		(usage.output_tokens ?? 0) +
		(usage.total_tokens ?? 0) +
		(usage.input_tokens_cache_read ?? 0) +
		(usage.input_tokens_cache_write ?? 0);
	return tokens > 0 || (usage.total_cost ?? 0) > 0 ? usage : null;
}
