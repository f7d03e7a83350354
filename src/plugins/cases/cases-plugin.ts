import { BadInputError, type UseCasePlugin } from "../../contract/index.js";
import { COMPOSITE_METRIC } from "../../graders/index.js";
import { createCasesGrader } from "./cases-grader.js";
import { parseGrading, readGradingBlock } from "./grading-document.js";
import { loadCaseFiles } from "./load-cases.js";
import { checkEnvironment, resolveGrading } from "./resolve-checks.js";

/**
 * The built-in `cases` plugin: cases from YAML files, graded by deterministic checks, javascript
 * modules and one-criterion `rubric:` checks. The case file format is described in this folder's
 * index.ts. It asks for the judge panel (`juryPanel`) only when a check is a rubric check.
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
		const environment = checkEnvironment(context);
		const { grading, issues } = resolveGrading(parseGrading(context), readGradingBlock(context).document, environment);
		if (issues.length > 0)
			throw new BadInputError(`The grading checks of use case ${context.use_case_id} are invalid.`, issues);
		return createCasesGrader(grading, environment);
	},
};
