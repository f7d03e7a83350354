import type { InputIssue, PluginContext } from "../../contract/index.js";
import { locateGrading, zodProblems } from "../cases/index.js";
import { type GradingBlock, juryGradingOf, rubricBlockSchema } from "./rubric-block.js";

/**
 * Reads the use case's `rubric:` block into the jury's rubric, instructions and pass bar, placing
 * every problem on its line of use_cases.yaml: a missing block, and a `grading:` block the jury
 * plugin would ignore.
 */
export function readRubricBlock(context: PluginContext): GradingBlock {
	const extra = ignoredGrading(context);
	if (context.rubric === null)
		return {
			grading: null,
			issues: [
				locateGrading(context, undefined, "rubric").issue({
					path: [],
					message: "missing `rubric:`, required by `plugin: jury`",
					fix: "add a `rubric:` block with `instructions` and `fields` (and optionally `gates` and `threshold`); see the README",
				}),
				...extra,
			],
		};
	const parsed = rubricBlockSchema.safeParse(context.rubric);
	if (!parsed.success) {
		const document = locateGrading(context, context.rubric, "rubric");
		const issues = zodProblems(rubricBlockSchema, context.rubric, parsed.error.issues).map((problem) =>
			document.issue(problem),
		);
		return { grading: null, issues: [...issues, ...extra] };
	}
	if (extra.length > 0) return { grading: null, issues: extra };
	return { grading: juryGradingOf(parsed.data), issues: [] };
}

/** A `grading:` block on a jury use case: it would be ignored, so it is refused. */
function ignoredGrading(context: PluginContext): InputIssue[] {
	if (Object.keys(context.grading).length === 0) return [];
	return [
		locateGrading(context, context.grading).issue({
			path: [],
			message: "`plugin: jury` reads its weights, caps and threshold from `rubric:`, so `grading:` would be ignored",
			fix: "move `threshold` into `rubric:` and weights onto the fields, then remove `grading:`",
			atKey: true,
		}),
	];
}
