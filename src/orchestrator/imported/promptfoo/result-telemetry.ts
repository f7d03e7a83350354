import { type Telemetry, UNKNOWN_TELEMETRY } from "../../../contract/index.js";
import type { PromptfooResult } from "./results-schema.js";

/**
 * What a row measured, each figure null where the file does not know it. promptfoo fills what it
 * lacks with 0, so a 0 is read as unknown wherever promptfoo writes one for "absent":
 * - cost: the provider's `response.cost` (promptfoo's row `cost` is `response.cost || 0`, so
 *   a model it has no price for reads 0 there); a row `cost` is taken only when above 0.
 * - tokens: `response.tokenUsage` prompt and completion, when the usage has any token at all;
 *   cache tokens from `completionDetails.cacheReadInputTokens` (the provider's prompt cache) when
 *   above 0; promptfoo's own `cached` count is its response cache, not the provider's.
 * - latency: `latencyMs` when above 0.
 * - turns: the usage's `numRequests`, when above 0.
 * A response promptfoo served from its own cache (`response.cached`) reports the cache's figures
 * (no tokens, cost 0, a few ms), not the call's: its latency, tokens and a cost of 0 are unknown;
 * the file keeps it cached in the sample's details.
 */
export function resultTelemetry(row: PromptfooResult): Telemetry {
	const response = row.response ?? null;
	const cached = response?.cached === true;
	const usage = response?.tokenUsage ?? null;
	const prompt = usage?.prompt ?? 0;
	const completion = usage?.completion ?? 0;
	const tokensKnown = usage !== null && prompt + completion > 0;
	return {
		...UNKNOWN_TELEMETRY,
		cost_usd: costOf(row, cached),
		latency_ms: cached ? null : positive(row.latencyMs),
		input_tokens: tokensKnown && usage?.prompt != null ? prompt : null,
		output_tokens: tokensKnown && usage?.completion != null ? completion : null,
		cache_tokens: tokensKnown ? positive(usage?.completionDetails?.cacheReadInputTokens) : null,
		turns: positive(usage?.numRequests),
	};
}

function costOf(row: PromptfooResult, cached: boolean): number | null {
	const reported = row.response?.cost;
	if (typeof reported === "number") return cached && reported === 0 ? null : reported;
	return positive(row.cost);
}

function positive(value: number | null | undefined): number | null {
	return typeof value === "number" && value > 0 ? value : null;
}
