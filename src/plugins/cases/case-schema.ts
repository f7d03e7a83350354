import { z } from "zod";
import { CASE_KINDS } from "../../contract/index.js";
import { COUNT_BOUNDS } from "../../input/index.js";
import { checkSchema } from "./check-schema.js";

/** Case ids: letters, digits, `.`, `_` and `-`, starting with a letter or digit. */
export const CASE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const text = z.string().min(1);
const freeObject = z.record(z.string(), z.json());

/** What the single-shot runner is given; other keys are kept for other runners. */
const inputSchema = z
	.object({
		prompt: text.describe("The user message sent to the model."),
		system_prompt: text.optional().describe("The system message, if any."),
		max_tokens: z.int().min(1).max(COUNT_BOUNDS.tokens).optional().describe("Cap on generated tokens."),
		temperature: z.number().min(0).max(2).optional().describe("Sampling temperature."),
	})
	.catchall(z.json())
	.describe("What the model is given: `prompt` and the optional `system_prompt`, `max_tokens`, `temperature`.");

/**
 * The keys every case file shares (`id`, `version`, `kind`, `threshold`, `metadata`), around a
 * plugin's own `input` and `reference`, in the order "expected one of" lists them.
 */
export function caseShape<Input extends z.ZodType, Reference extends z.ZodType>(
	input: Input,
	reference: Reference,
	thresholdDescription: string,
) {
	return {
		id: z
			.string()
			.regex(CASE_ID_PATTERN, { error: "an id made of letters, digits, ., _ and -" })
			.optional()
			.describe("Unique within the use case; defaults to the file name without its extension."),
		version: z
			.union([text, z.int().min(0).transform(String)])
			.default("1")
			.describe('Bump it when the case\'s meaning changes; default "1".'),
		kind: z.enum(CASE_KINDS).default("floor").describe("floor, ceiling, frontier or stub; default floor."),
		input,
		reference,
		threshold: z.number().min(0).max(1).optional().describe(thresholdDescription),
		metadata: freeObject.optional().describe("Free labels (source, trap, tier), never used for grading."),
	};
}

/** One case, as written in a case file. See the `cases` plugin's index.ts for the whole format. */
export const caseSchema = z
	.strictObject({
		...caseShape(
			inputSchema,
			freeObject
				.refine((value) => !Object.hasOwn(value, "checks"), {
					error: "`checks` inside `reference` is reserved for the case's own checks",
					params: { fix: "move the list to the case's top-level `checks:` key" },
				})
				.optional()
				.describe("Gold output or key facts, for graders and humans; never shown to the model."),
			"Headline value to reach to pass; default grading.threshold.",
		),
		checks: z
			.array(checkSchema)
			.min(1)
			.optional()
			.describe("This case's checks; default the use case's grading.checks."),
	})
	.describe("One graded case.");

/** A file holding several cases: `cases: [...]`, each with its own `id`. */
export const caseListSchema = z.strictObject({
	cases: z.array(z.unknown()).min(1).describe("The cases of this file; each needs an `id`."),
});

/** A case as parsed, before defaults that depend on its file and use case are applied. */
export type ParsedCase = z.output<typeof caseSchema>;
