import type { ModelEntry } from "./model.js";

/**
 * Why a juror may favour a candidate: it is the same registry entry (`same-model`), the same
 * provider model under another registry id (`same-model`), or both entries declare the same
 * `tags.family` (`same-family`, compared without case). Entries without a family tag are of no
 * family but their own: touchstone does not guess a family from a model's name, since
 * `gpt-4o` and `gpt-4o-mini` (or two fine-tunes of one base) cannot be told apart by spelling.
 */
export type SelfPreference = "same-model" | "same-family";

/**
 * Whether `juror` judging `candidate` is self-preference, and which kind; null when it is not.
 * See {@link SelfPreference} for the rule.
 */
export function selfPreference(juror: ModelEntry, candidate: ModelEntry): SelfPreference | null {
	if (juror.id === candidate.id) return "same-model";
	if (juror.provider === candidate.provider && juror.model === candidate.model) return "same-model";
	const family = juror.tags.family?.trim().toLowerCase();
	if (family !== undefined && family !== "" && family === candidate.tags.family?.trim().toLowerCase())
		return "same-family";
	return null;
}
