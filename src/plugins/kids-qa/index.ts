/**
 * The built-in `kids-qa` plugin: a child's question, graded by the pinned jury with an accuracy
 * gate, age-appropriateness and curiosity-driving follow-ups.
 */
export { KIDS_QA_RUBRIC, kidsQaPlugin, kidsQaPrompt } from "./kids-qa-plugin.js";
