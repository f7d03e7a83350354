import { type ChatMessage, type ModelEntry, type Provider, ProviderError } from "../../contract/index.js";
import { costOf } from "../../providers/index.js";
import { type PairwiseVerdict, parsePairwiseReply } from "./parse-reply.js";

/** A judge model and the provider that reaches it. */
export interface PairwiseJudge {
	readonly model: ModelEntry;
	readonly provider: Provider;
}

/** One judge call on one order of one pair: a verdict or an error (never both), the reply and what it cost. */
export interface PairwiseCall {
	readonly verdict: PairwiseVerdict | null;
	readonly error: string | null;
	readonly confidence: number | null;
	/** The reply text, for the inspector; null when the call failed. */
	readonly reply: string | null;
	/** The call's cost in USD (billed, else priced from the registry entry) and tokens; null when unknown. */
	readonly cost_usd: number | null;
	readonly input_tokens: number | null;
	readonly output_tokens: number | null;
}

/**
 * Asks the judge once, at temperature 0 in JSON mode, and reads the reply strictly (see
 * parsePairwiseReply). An unusable reply or a failed call (a ProviderError, after the provider's
 * own retries) is an error, not a verdict, and not retried here: the next `judge` run asks again.
 * Rethrows anything else, and when `signal` aborted.
 */
export async function askPairwiseJudge(
	judge: PairwiseJudge,
	messages: readonly ChatMessage[],
	signal: AbortSignal,
): Promise<PairwiseCall> {
	try {
		const completion = await judge.provider.complete({ messages, temperature: 0, response_format: "json" }, { signal });
		const parsed = parsePairwiseReply(completion.text);
		const usage = {
			reply: completion.text,
			cost_usd: costOf(completion, judge.model.price),
			input_tokens: completion.usage.input_tokens,
			output_tokens: completion.usage.output_tokens,
		};
		return parsed.ok
			? { verdict: parsed.reply.verdict, error: null, confidence: parsed.reply.confidence, ...usage }
			: { verdict: null, error: `unusable reply: ${parsed.error}`, confidence: null, ...usage };
	} catch (error) {
		if (signal.aborted || !(error instanceof ProviderError)) throw error;
		return {
			verdict: null,
			error: `the judge call failed: ${error.message}`,
			confidence: null,
			reply: null,
			cost_usd: null,
			input_tokens: null,
			output_tokens: null,
		};
	}
}
