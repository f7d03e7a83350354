import {
	type ChatMessage,
	type Completion,
	type Juror,
	type JurorUsage,
	type JuryVote,
	ProviderError,
} from "../../contract/index.js";
import { costOf } from "../../providers/index.js";
import { retryMessages } from "./juror-prompt.js";
import { parseVerdict } from "./parse-verdict.js";
import type { JuryRubric } from "./rubric.js";

/**
 * A juror's vote as the jury grader stores it: the contract's JuryVote plus the juror's raw
 * replies, so the inspector can show what a failed vote actually said.
 */
export interface JurorVote extends JuryVote {
	/** Every reply text of the juror, in order: two when the first was unusable; none when the call failed. */
	readonly raw: readonly string[];
}

/**
 * Asks one juror for its verdict, at temperature 0 in JSON mode. An unusable reply (not JSON, a
 * field missing or mistyped) is retried once, telling the juror what was wrong; a second unusable
 * reply, or a call that fails (a ProviderError, after the provider's own retries), is a failed
 * vote carrying the error and the raw replies. Never throws for the juror's sake; rethrows when
 * `signal` aborted. The vote carries the juror's usage over both calls (see `JurorUsage`),
 * priced with the juror's registry entry; null when a call failed.
 */
export async function askJuror(
	juror: Juror,
	messages: readonly ChatMessage[],
	rubric: JuryRubric,
	signal: AbortSignal,
): Promise<JurorVote> {
	const id = juror.model.id;
	const raw: string[] = [];
	const completions: Completion[] = [];
	const usage = (): JurorUsage => usageOf(completions, juror);
	const failed = (error: string, known: JurorUsage | null): JurorVote => ({
		juror: id,
		fields: null,
		rationale: null,
		error,
		usage: known,
		raw,
	});
	const call = async (conversation: readonly ChatMessage[]) => {
		const completion = await juror.provider.complete(
			{ messages: conversation, temperature: 0, response_format: "json" },
			{ signal },
		);
		completions.push(completion);
		raw.push(completion.text);
		return { text: completion.text, parsed: parseVerdict(completion.text, rubric) };
	};
	try {
		const first = await call(messages);
		if (first.parsed.ok) return { juror: id, ...voteOf(first.parsed.verdict), error: null, usage: usage(), raw };
		const second = await call(retryMessages(messages, first.text, first.parsed.error, rubric));
		if (second.parsed.ok) return { juror: id, ...voteOf(second.parsed.verdict), error: null, usage: usage(), raw };
		return failed(`unusable reply, twice: ${second.parsed.error} (first reply: ${first.parsed.error})`, usage());
	} catch (error) {
		if (signal.aborted || !(error instanceof ProviderError)) throw error;
		return failed(`the juror call failed: ${error.message}`, null);
	}
}

function voteOf(verdict: { fields: JuryVote["fields"]; rationale: string }) {
	return { fields: verdict.fields, rationale: verdict.rationale };
}

/** Sums over the calls; a figure any call left unknown is unknown in the sum. */
function usageOf(completions: readonly Completion[], juror: Juror): JurorUsage {
	const total = (figures: readonly (number | null)[]): number | null =>
		figures.some((figure) => figure === null) ? null : figures.reduce<number>((sum, figure) => sum + (figure ?? 0), 0);
	return {
		input_tokens: total(completions.map((completion) => completion.usage.input_tokens)),
		output_tokens: total(completions.map((completion) => completion.usage.output_tokens)),
		cost_usd: total(completions.map((completion) => costOf(completion, juror.model.price))),
	};
}
