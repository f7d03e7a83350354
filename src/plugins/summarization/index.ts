/**
 * The built-in `summarization` plugin (a source text and its key facts, graded by the pinned
 * jury), and the parts every jury-graded plugin of this layer is built from: the case-file loader,
 * the `grading:` block and `createJuryPlugin`. The `kids-qa` plugin imports those from here.
 */
export { type JuryCaseFormat, juryCaseSchema, loadJuryCaseFiles } from "./jury-case-files.js";
export { type GradingBlock, type JuryGrading, juryGradingSchema, readJuryGrading } from "./jury-grading.js";
export { createJuryPlugin, type JuryPluginDefinition } from "./jury-plugin.js";
export {
	SUMMARIZATION_DEFAULT_THRESHOLD,
	SUMMARIZATION_INSTRUCTIONS,
	SUMMARIZATION_RUBRIC,
	summarizationPlugin,
	summarizationPrompt,
} from "./summarization-plugin.js";
