import { z } from "zod";
import type { JsonObject } from "../../contract/index.js";
import { createJuryPlugin, fixedRubric, type RubricBlock } from "../jury/index.js";

/**
 * The rubric of `kids-qa`: age-appropriateness and curiosity weigh 1 each, and an
 * inaccurate answer (`inaccurate: true`) caps the composite at 0.2. Written as a use case writes
 * `rubric:` for `plugin: jury`; the use case's `grading:` may reweigh it.
 */
export const KIDS_QA_RUBRIC: RubricBlock = {
	instructions:
		"The assistant was asked a question by a child. The reference lists facts an accurate answer agrees with, and common misconceptions to watch for. Judge whether the answer is true, fits the child's age, and sparks further curiosity.",
	fields: {
		age_appropriateness: {
			weight: 1,
			description:
				"How well the words, length and tone fit a child of the stated age: 1 when just right; lower for jargon, long or abstract explanations, or anything frightening.",
		},
		curiosity: {
			weight: 1,
			description:
				"How well the answer makes the child want to find out more: 1 for a follow-up question, small experiment or thing to notice that fits the question; 0 when it just ends.",
		},
	},
	gates: {
		inaccurate: {
			cap: 0.2,
			description:
				"True when the answer says anything factually wrong or contradicts a reference fact. A simplification that stays true is not inaccurate.",
		},
	},
	threshold: 0.7,
};

const text = z.string().trim().min(1);

const inputSchema = z
	.strictObject({
		question: text.describe("The child's question, in the child's words."),
		age: z.int().min(2).max(14).optional().describe("The child's age in years, 2 to 14."),
		prompt: text.optional().describe("The message sent to the model; by default the question with the child's age."),
		system_prompt: text.optional().describe("The system message, if any."),
		max_tokens: z.int().min(1).optional().describe("Cap on generated tokens."),
		temperature: z.number().min(0).max(2).optional().describe("Sampling temperature."),
	})
	.describe("What the model is given: the child's `question` and `age`, and optionally the exact `prompt`.");

const referenceSchema = z
	.strictObject({
		key_facts: z.array(text).min(1).describe("Facts an accurate answer agrees with."),
		misconceptions: z.array(text).min(1).optional().describe("Common wrong answers the jurors should catch."),
		notes: text.optional().describe("Anything else the jurors should know."),
	})
	.describe("What the jurors grade against; never shown to the model.");

/** The prompt sent to the model when a case gives none. */
export function kidsQaPrompt(question: string, age: number | undefined): string {
	const child = age === undefined ? "A child" : `A ${age}-year-old child`;
	return `${child} asks: "${question.trim()}"\n\nAnswer the child directly, in words they understand, and keep them curious.`;
}

/**
 * The built-in `kids-qa` plugin: a child's question, graded by the pinned jury on
 * age-appropriateness and curiosity-driving follow-ups, with an accuracy gate.
 *
 * ```yaml
 * id: sky-blue                # default: the file name
 * kind: floor                 # floor | ceiling | frontier | stub; default floor
 * input:
 *   question: Why is the sky blue?   # required
 *   age: 6                           # optional, 2 to 14
 *   prompt: ...                      # optional: the exact message; default: kidsQaPrompt(question, age)
 * reference:
 *   key_facts: [Sunlight is made of all colours, ...]   # required
 *   misconceptions: [The sky reflects the ocean]         # optional
 * threshold: 0.7              # default grading.threshold, else 0.7
 * ```
 *
 * A file may also hold several cases under `cases:`, each with an `id`. The use case's `grading:`
 * block may set `weights` (age_appropriateness, curiosity), `cap` and `threshold`.
 */
export const kidsQaPlugin = createJuryPlugin({
	id: "kids-qa",
	readGrading: fixedRubric(KIDS_QA_RUBRIC),
	gradingKey: "grading",
	format: {
		input: inputSchema,
		reference: referenceSchema,
		example: "`input: { question: ..., age: 6 }` and `reference: { key_facts: [...] }`",
		resolveInput(input): JsonObject {
			return { ...input, prompt: input.prompt ?? kidsQaPrompt(input.question, input.age) } as JsonObject;
		},
	},
});
