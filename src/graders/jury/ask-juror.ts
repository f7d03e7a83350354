import { type ChatMessage, type Juror, type JuryVote, ProviderError } from "../../contract/index.js";
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
 * `signal` aborted.
 */
export async function askJuror(
	juror: Juror,
	messages: readonly ChatMessage[],
	rubric: JuryRubric,
	signal: AbortSignal,
): Promise<JurorVote> {
	const id = juror.model.id;
	const raw: string[] = [];
	const failed = (error: string): JurorVote => ({ juror: id, fields: null, rationale: null, error, raw });
	const call = async (conversation: readonly ChatMessage[]) => {
		const completion = await juror.provider.complete(
			{ messages: conversation, temperature: 0, response_format: "json" },
			{ signal },
		);
		raw.push(completion.text);
		return { text: completion.text, parsed: parseVerdict(completion.text, rubric) };
	};
	try {
		const first = await call(messages);
		if (first.parsed.ok) return { juror: id, ...voteOf(first.parsed.verdict), error: null, raw };
		const second = await call(retryMessages(messages, first.text, first.parsed.error, rubric));
		if (second.parsed.ok) return { juror: id, ...voteOf(second.parsed.verdict), error: null, raw };
		return failed(`unusable reply, twice: ${second.parsed.error} (first reply: ${first.parsed.error})`);
	} catch (error) {
		if (signal.aborted || !(error instanceof ProviderError)) throw error;
		return failed(`the juror call failed: ${error.message}`);
	}
}

function voteOf(verdict: { fields: JuryVote["fields"]; rationale: string }) {
	return { fields: verdict.fields, rationale: verdict.rationale };
}
