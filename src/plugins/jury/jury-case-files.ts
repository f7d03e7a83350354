import { z } from "zod";
import { BadInputError, type CaseData, type JsonObject, type PluginContext } from "../../contract/index.js";
import { caseShape, readCaseFiles } from "../cases/index.js";
import type { GradingBlock } from "./rubric-block.js";

/** How one jury plugin's case files read: its `input` and `reference`, and how the runner input is resolved. */
export interface JuryCaseFormat<Input extends z.ZodType, Reference extends z.ZodType> {
	/** Schema of `input` as written. */
	readonly input: Input;
	/** Schema of `reference` as written; the built-in rubrics require it, `plugin: jury` leaves it optional (absent is null). */
	readonly reference: Reference;
	/** The resolved input given to the runner: at least `prompt`, built from the case when it gives none. */
	resolveInput(input: z.output<Input>): JsonObject;
	/** What a minimal case holds, for the message about an empty file. */
	readonly example: string;
}

/** The schema of one case of a jury plugin, with the keys every case file shares. */
export function juryCaseSchema<Input extends z.ZodType, Reference extends z.ZodType>(
	format: Pick<JuryCaseFormat<Input, Reference>, "input" | "reference">,
) {
	return z
		.strictObject(caseShape(format.input, format.reference, "Composite to reach to pass; default grading.threshold."))
		.describe("One jury-graded case.");
}

type CaseSchema = ReturnType<typeof juryCaseSchema>;

/**
 * Reads every case file of a jury use case into case data, in file order then in order within a
 * file (a file holds one case, or several under `cases:`). Throws one BadInputError listing every
 * problem of every file and of the grading block, each with its file, line and column.
 */
export async function loadJuryCaseFiles<Input extends z.ZodType, Reference extends z.ZodType>(
	context: PluginContext,
	signal: AbortSignal,
	format: JuryCaseFormat<Input, Reference>,
	grading: GradingBlock,
): Promise<CaseData[]> {
	const schema: CaseSchema = juryCaseSchema(format);
	const read = await readCaseFiles(
		context.case_files,
		signal,
		{ schema, emptyFix: `write at least ${format.example}` },
		context,
	);
	const issues = [...grading.issues, ...read.issues];
	if (issues.length > 0 || grading.grading === null)
		throw new BadInputError(`The cases of use case ${context.use_case_id} are invalid.`, issues);
	const threshold = grading.grading.threshold;
	return read.cases.flatMap(({ id, parsed }) =>
		parsed === null
			? []
			: [
					{
						id,
						version: parsed.version,
						use_case_id: context.use_case_id,
						kind: parsed.kind,
						input: format.resolveInput(parsed.input as z.output<Input>),
						reference: (parsed.reference ?? null) as JsonObject | null,
						threshold: parsed.threshold ?? threshold,
						metadata: (parsed.metadata ?? {}) as JsonObject,
					},
				],
	);
}
