/**
 * The pairwise judge: a versioned rubric, a blinded prompt showing two passing changes A and B
 * (never model ids) with the task and, when there is one, the real fix as a reference, and a
 * strict reader of the judge's reply. An unusable reply is an error, never a verdict.
 */
export { askPairwiseJudge, type PairwiseCall, type PairwiseJudge } from "./ask-judge.js";
export {
	type PairwiseReply,
	type PairwiseVerdict,
	type ParsedPairwiseReply,
	parsePairwiseReply,
} from "./parse-reply.js";
export { type PairwisePromptInput, pairwiseMessages } from "./prompt.js";
export { PAIRWISE_RUBRIC, PAIRWISE_RUBRIC_VERSION, type PairwiseCriterion } from "./rubric.js";
