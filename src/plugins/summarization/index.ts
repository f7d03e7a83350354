/**
 * The built-in `summarization` plugin: a source text and its key facts, graded by the pinned jury
 * on a rubric fixed in code (see the `jury` folder for the machinery it shares with `kids-qa` and
 * `plugin: jury`).
 */
export { SUMMARIZATION_RUBRIC, summarizationPlugin, summarizationPrompt } from "./summarization-plugin.js";
