import type { z } from "zod";
import { BadInputError, type UseCasePlugin } from "../../contract/index.js";
import { createJuryGrader, defineRubric, JURY_COMPOSITE_METRIC, type JuryRubric } from "../../graders/index.js";
import { type JuryCaseFormat, loadJuryCaseFiles } from "./jury-case-files.js";
import { readJuryGrading } from "./jury-grading.js";

/** What a jury-graded plugin is made of: its case format, its rubric and what the jurors are told. */
export interface JuryPluginDefinition<Input extends z.ZodType, Reference extends z.ZodType> {
	/** The id use_cases.yaml names in `plugin:`. */
	readonly id: string;
	/** The case file format. */
	readonly format: JuryCaseFormat<Input, Reference>;
	/** The default rubric; the use case's `grading:` may change its weights and cap. */
	readonly rubric: JuryRubric;
	/** What the jurors grade, the paragraph their prompt opens with. */
	readonly instructions: string;
	/** Pass bar of the cases that set none, when `grading.threshold` does not say. */
	readonly defaultThreshold: number;
}

/**
 * A use-case plugin graded by the pinned jury: cases from YAML files in the definition's format,
 * the use case's `grading:` block (weights, cap, threshold; see `juryGradingSchema`) applied to
 * the definition's rubric, and the jury grader over the panel the host resolved. Its headline is
 * the jury's `composite`.
 */
export function createJuryPlugin<Input extends z.ZodType, Reference extends z.ZodType>(
	definition: JuryPluginDefinition<Input, Reference>,
): UseCasePlugin {
	const rubric = defineRubric(definition.rubric);
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
					loadJuryCaseFiles(
						context,
						signal,
						definition.format,
						readJuryGrading(context, rubric, definition.defaultThreshold),
					),
			};
		},
		createGrader(context) {
			const block = readJuryGrading(context, rubric, definition.defaultThreshold);
			if (block.grading === null)
				throw new BadInputError(`The grading block of use case ${context.use_case_id} is invalid.`, block.issues);
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
				instructions: definition.instructions,
			});
		},
	};
}
