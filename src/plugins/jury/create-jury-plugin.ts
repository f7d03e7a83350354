import type { z } from "zod";
import { BadInputError, type PluginContext, type UseCasePlugin } from "../../contract/index.js";
import { createJuryGrader, JURY_COMPOSITE_METRIC } from "../../graders/index.js";
import { type JuryCaseFormat, loadJuryCaseFiles } from "./jury-case-files.js";
import type { GradingBlock } from "./rubric-block.js";

/** What a jury-graded plugin is made of: its case format, and where its rubric comes from. */
export interface JuryPluginDefinition<Input extends z.ZodType, Reference extends z.ZodType> {
	/** The id use_cases.yaml names in `plugin:`. */
	readonly id: string;
	/** The case file format. */
	readonly format: JuryCaseFormat<Input, Reference>;
	/**
	 * Reads the rubric, the jurors' instructions and the pass bar from the use case, placing every
	 * problem in use_cases.yaml: a built-in rubric reweighed by `grading:` (see `fixedRubric`), or
	 * the use case's own `rubric:` block (the `jury` plugin).
	 */
	readGrading(context: PluginContext): GradingBlock;
	/** The use_cases.yaml key the grading is read from, for the message when it is invalid. */
	readonly gradingKey: "grading" | "rubric";
}

/**
 * A use-case plugin graded by the pinned jury: cases from YAML files in the definition's format,
 * the rubric the definition reads from the use case, and the jury grader over the panel the host
 * resolved. Its headline is the jury's `composite`.
 */
export function createJuryPlugin<Input extends z.ZodType, Reference extends z.ZodType>(
	definition: JuryPluginDefinition<Input, Reference>,
): UseCasePlugin {
	return {
		specificationVersion: "v1",
		id: definition.id,
		defaultHeadline: JURY_COMPOSITE_METRIC,
		usesJury: true,
		createCaseSource(context) {
			return {
				specificationVersion: "v1",
				id: definition.id,
				loadCases: ({ signal }) =>
					loadJuryCaseFiles(context, signal, definition.format, definition.readGrading(context)),
			};
		},
		createGrader(context) {
			const block = definition.readGrading(context);
			if (block.grading === null)
				throw new BadInputError(
					`The ${definition.gradingKey} block of use case ${context.use_case_id} is invalid.`,
					block.issues,
				);
			if (context.jury === null)
				throw new BadInputError(`Use case ${context.use_case_id} is graded by a jury, but has no judge panel.`, [
					{
						source: `use case ${context.use_case_id}`,
						line: null,
						column: null,
						path: "judge_panel",
						message: `the \`${definition.id}\` plugin needs a judge panel, and none was resolved`,
						fix: "pin a panel in judge_panels.yaml (or mark models `role: anchor` for the built-in panel)",
					},
				]);
			return createJuryGrader({
				rubric: block.grading.rubric,
				panel: context.jury,
				instructions: block.grading.instructions,
			});
		},
	};
}
