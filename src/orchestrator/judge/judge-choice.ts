import { type ModelEntry, selfPreference } from "../../contract/index.js";
import type { PairwiseJudge } from "../../graders/index.js";

/** Who judges a pair: the judge, the fallback (the judge is of a candidate's model or family), or nobody (both are). */
export type JudgeChoice =
	| { readonly judge: PairwiseJudge; readonly fallback: boolean }
	| { readonly judge: null; readonly reason: string };

/**
 * No self-judging, by the jury's family rule (selfPreference: the same registry entry or provider
 * model, or the same `tags.family`): a pair with a candidate of the judge's own goes to the
 * fallback; a pair with a candidate of the fallback's own too is skipped. A candidate no longer in
 * the registry is of no family but its own id.
 */
export function chooseJudge(
	judges: { readonly judge: PairwiseJudge; readonly fallback: PairwiseJudge },
	candidates: readonly { readonly model_id: string; readonly entry: ModelEntry | undefined }[],
): JudgeChoice {
	const own = (judge: PairwiseJudge) =>
		candidates.some(({ model_id, entry }) =>
			entry === undefined ? judge.model.id === model_id : selfPreference(judge.model, entry) !== null,
		);
	if (!own(judges.judge)) return { judge: judges.judge, fallback: false };
	if (!own(judges.fallback)) return { judge: judges.fallback, fallback: true };
	return {
		judge: null,
		reason: `the pair holds a change of the judge's (${judges.judge.model.id}) and of the fallback's (${judges.fallback.model.id}) own model or family`,
	};
}
