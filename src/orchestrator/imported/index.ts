/**
 * Rows from elsewhere: evaluations imported from other tools (promptfoo, inspect_ai) and the
 * shared shell that writes any source's rows into a use case, replacing only that source's.
 */
export type {
	ImportedCase,
	ImportedEvaluation,
	ImportedModel,
	ImportedSample,
	ImportedScore,
} from "./imported-evaluation.js";
export { IMPORTER_VERSION, importedSpec, importHarnessId } from "./imported-spec.js";
export {
	EVAL_ZIP_BOUNDS,
	INSPECT_BOUNDS,
	INSPECT_FORMAT,
	type InspectImportOptions,
	inspectLogNotice,
	readInspectLog,
	valueToFloat,
} from "./inspect/index.js";
export {
	PROMPTFOO_BOUNDS,
	PROMPTFOO_FORMAT,
	type PromptfooImportOptions,
	readPromptfooResults,
} from "./promptfoo/index.js";
export { type ImportWrite, writeImported } from "./write-imported.js";
export { type SourceRows, type SourceWrite, specToExtend, writeSource } from "./write-source.js";
