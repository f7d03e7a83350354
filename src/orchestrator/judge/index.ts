/**
 * `touchstone judge`: the pairwise judge run over a task use case's passing cells, each pair in
 * both orders, recorded in and cached by the store's comparisons.
 */
export { chooseJudge, type JudgeChoice } from "./judge-choice.js";
export {
	type JudgeCell,
	type JudgeCounts,
	type JudgeRequest,
	type JudgeSummary,
	type JudgeTask,
	judgeUseCase,
} from "./judge-use-case.js";
