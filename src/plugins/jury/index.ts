/**
 * The jury-graded plugins' shared parts, and the built-in `jury` plugin. `createJuryPlugin` builds
 * a plugin from a case format and a rubric reader: `plugin: jury` reads the use case's own rubric
 * from its `rubric:` block; `summarization` and `kids-qa` are the same machinery over a rubric
 * written in code in the same shape (`fixedRubric`), which their use case's `grading:` may reweigh.
 */
export { createJuryPlugin, type JuryPluginDefinition } from "./create-jury-plugin.js";
export { type JuryCaseFormat, juryCaseSchema, loadJuryCaseFiles } from "./jury-case-files.js";
export { fixedRubric, juryGradingSchema, readJuryGrading } from "./jury-grading.js";
export { juryPlugin } from "./jury-plugin.js";
export { readRubricBlock } from "./read-rubric-block.js";
export {
	type GradingBlock,
	JURY_DEFAULT_THRESHOLD,
	type JuryGrading,
	juryGradingOf,
	type RubricBlock,
	rubricBlockSchema,
} from "./rubric-block.js";
