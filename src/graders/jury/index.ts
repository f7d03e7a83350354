/**
 * The pinned LLM jury: a grader that asks every juror of a pinned panel for a strict JSON verdict
 * on a rubric, from a blinded prompt, and aggregates the valid votes into scores. See
 * {@link createJuryGrader} for the behaviour, {@link JuryRubric} for the rubric format and
 * {@link juryConfidence} for how confidence is computed.
 */
export {
	type AggregationContext,
	aggregateVotes,
	JURY_COMPOSITE_METRIC,
	juryConfidence,
	majority,
	mean,
	populationStdev,
} from "./aggregate.js";
export { askJuror, type JurorVote } from "./ask-juror.js";
export { jurorMessages, OUTPUT_HEADING } from "./juror-prompt.js";
export { createJuryGrader, JURY_GRADER_VERSION, type JuryGraderOptions } from "./jury-grader.js";
export { JURY_RECORD_KEY } from "./jury-record.js";
export { type JurorVerdict, type ParsedVerdict, parseVerdict } from "./parse-verdict.js";
export {
	type CriticalFailureRule,
	criticalFailureRules,
	defineRubric,
	type JuryRubric,
	RESERVED_FIELD_NAMES,
	RUBRIC_FIELD_PATTERN,
	type RubricGateField,
	type RubricNumericField,
	rubricJson,
	rubricSchema,
} from "./rubric.js";
