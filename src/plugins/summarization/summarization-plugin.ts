import { z } from "zod";
import type { JsonObject } from "../../contract/index.js";
import { createJuryPlugin, fixedRubric, type RubricBlock } from "../jury/index.js";

/**
 * The rubric of `summarization`: fact recall and faithfulness weigh 2, conciseness 1, and
 * a hallucination (any unsupported or fabricated claim) caps the composite at 0.2. Written as a
 * use case writes `rubric:` for `plugin: jury`; the use case's `grading:` may reweigh it.
 */
export const SUMMARIZATION_RUBRIC: RubricBlock = {
	instructions:
		"The assistant was asked to summarize a source text. The reference lists the key facts a good summary keeps. Judge the summary against the source text in the task: every claim must be supported by it.",
	fields: {
		fact_recall: {
			weight: 2,
			description:
				"The share of the reference key facts the summary states correctly: 1 when it has all of them, 0 when it has none.",
		},
		faithfulness: {
			weight: 2,
			description:
				"How fully every statement of the summary is supported by the source text: 1 when all are; lower for each distortion, wrong number or wrong emphasis.",
		},
		conciseness: {
			weight: 1,
			description:
				"1 when the summary is short and every sentence carries information; lower for filler, repetition or needless detail.",
		},
	},
	gates: {
		hallucination: {
			cap: 0.2,
			description:
				"True when the summary states anything the source text does not support: an invented number, name, date, cause or decision.",
		},
	},
	threshold: 0.7,
};

const text = z.string().trim().min(1);

const inputSchema = z
	.strictObject({
		source: text.describe("The text to summarize."),
		prompt: text
			.optional()
			.describe("The message sent to the model; by default an instruction to summarize followed by the source."),
		system_prompt: text.optional().describe("The system message, if any."),
		max_tokens: z.int().min(1).optional().describe("Cap on generated tokens."),
		temperature: z.number().min(0).max(2).optional().describe("Sampling temperature."),
	})
	.describe("What the model is given: the `source` to summarize, and optionally the exact `prompt`.");

const referenceSchema = z
	.strictObject({
		key_facts: z.array(text).min(1).describe("The facts a good summary keeps, one per item."),
		notes: text.optional().describe("Anything else the jurors should know (a trap, an ambiguity)."),
	})
	.describe("What the jurors grade against; never shown to the model.");

/** The prompt sent to the model when a case gives none. */
export function summarizationPrompt(source: string): string {
	return `Summarize the text below in two to four sentences for a busy colleague. Keep every key fact (numbers, names, dates, decisions) and add nothing the text does not say.\n\nText:\n${source.trim()}`;
}

/**
 * The built-in `summarization` plugin: each case is a source text and its key facts, graded by
 * the pinned jury on fact recall, faithfulness and conciseness, with a hallucination gate.
 *
 * ```yaml
 * id: quarterly-update        # default: the file name
 * version: "1"                # default "1"
 * kind: floor                 # floor | ceiling | frontier | stub; default floor
 * input:
 *   source: |                 # required: the text to summarize
 *     ...
 *   prompt: ...               # optional: the exact message; default: summarizationPrompt(source)
 *   system_prompt: ...        # optional; also max_tokens, temperature
 * reference:
 *   key_facts: [Revenue rose 12% to EUR 4.2 million, ...]   # required
 *   notes: The text never says why the office moved.          # optional, for the jurors
 * threshold: 0.7              # default grading.threshold, else 0.7
 * metadata: { source: authored }
 * ```
 *
 * A file may also hold several cases under `cases:`, each with an `id`. The use case's `grading:`
 * block may set `weights` (fact_recall, faithfulness, conciseness), `cap` and `threshold`.
 */
export const summarizationPlugin = createJuryPlugin({
	id: "summarization",
	readGrading: fixedRubric(SUMMARIZATION_RUBRIC),
	gradingKey: "grading",
	format: {
		input: inputSchema,
		reference: referenceSchema,
		example: "`input: { source: ... }` and `reference: { key_facts: [...] }`",
		resolveInput(input): JsonObject {
			return { ...input, prompt: input.prompt ?? summarizationPrompt(input.source) } as JsonObject;
		},
	},
});
