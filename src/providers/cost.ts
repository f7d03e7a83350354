import type { CompletionUsage, ModelPrice } from "../contract/index.js";

const PER_MILLION = 1_000_000;

/**
 * The cost of one call in USD: the billed cost when the provider reported one; else the entry's
 * price per million tokens (uncached input at `input`, cached input at `cache_read` when set and
 * at `input` otherwise, output at `output`); else null, unknown and never 0.
 *
 * Unknown token counts make the price-table cost unknown too, with one exception: a price of zero
 * everywhere declares the model free (a local model, a `command` program that reports no usage),
 * so its cost is 0 whatever the tokens. Unknown cache tokens are charged as uncached input.
 */
export function costOf(
	completion: { readonly usage: CompletionUsage; readonly billed_cost_usd: number | null },
	price: ModelPrice | null,
): number | null {
	if (completion.billed_cost_usd !== null) return completion.billed_cost_usd;
	if (price === null) return null;
	if (price.input === 0 && price.output === 0 && (price.cache_read ?? 0) === 0) return 0;
	const { input_tokens, output_tokens, cache_tokens } = completion.usage;
	if (input_tokens === null || output_tokens === null) return null;
	const cached = Math.min(cache_tokens ?? 0, input_tokens);
	return (
		((input_tokens - cached) * price.input +
			cached * (price.cache_read ?? price.input) +
			output_tokens * price.output) /
		PER_MILLION
	);
}
