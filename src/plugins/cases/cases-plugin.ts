import type { UseCasePlugin } from "../../contract/index.js";
import { COMPOSITE_METRIC } from "../../graders/index.js";
import { createCasesGrader } from "./cases-grader.js";
import { parseGrading } from "./grading-document.js";
import { loadCaseFiles } from "./load-cases.js";

/**
 * The built-in `cases` plugin: cases from YAML files, graded by deterministic checks. The case
 * file format is described in this folder's index.ts.
 */
export const casesPlugin: UseCasePlugin = {
	specificationVersion: "v1",
	id: "cases",
	defaultHeadline: COMPOSITE_METRIC,
	createCaseSource(context) {
		return {
			specificationVersion: "v1",
			id: "cases",
			loadCases: ({ signal }) => loadCaseFiles(context, signal),
		};
	},
	createGrader(context) {
		return createCasesGrader(parseGrading(context));
	},
};
