import { z } from "zod";
import type { JsonObject } from "../../contract/index.js";
import { caseSchema } from "../cases/index.js";
import { createJuryPlugin } from "./create-jury-plugin.js";
import { readRubricBlock } from "./read-rubric-block.js";

const referenceSchema = z
	.record(z.string(), z.json())
	.optional()
	.describe("What the jurors grade against (a gold answer, key facts, a policy); never shown to the model.");

/**
 * The built-in `jury` plugin: cases written as for the `cases` plugin (a `prompt`, any
 * `reference:` mapping), graded by the pinned jury on the rubric the use case writes in its
 * `rubric:` block (see `rubricBlockSchema`): its instructions, numeric fields with weights, gates
 * with optional caps, and pass bar. The rubric's content is the grader's config, so editing a
 * description, weight or cap re-grades every case.
 */
export const juryPlugin = createJuryPlugin({
	id: "jury",
	readGrading: readRubricBlock,
	gradingKey: "rubric",
	format: {
		input: caseSchema.shape.input,
		reference: referenceSchema,
		example: "`input: { prompt: ... }`",
		resolveInput: (input) => input as JsonObject,
	},
});
