import { z } from "zod";

/**
 * The part of promptfoo's `promptfoo eval -o results.json` file the import reads: the results of
 * format version 3 and later (promptfoo writes `results.version: 3` since it normalized its rows,
 * Sep 2024). Objects are loose: promptfoo adds fields often, and what the import does not read is
 * no reason to refuse a file. Every number the import keeps is checked finite and ≥ 0.
 */
const count = z.number().min(0);

const recordOf = z.record(z.string(), z.unknown());

/** promptfoo's token usage (`response.tokenUsage`): the provider's figures, zero-filled by promptfoo. */
const tokenUsageSchema = z.looseObject({
	prompt: count.optional(),
	completion: count.optional(),
	/** Tokens promptfoo served from its own response cache (not the provider's prompt cache). */
	cached: count.optional(),
	total: count.optional(),
	numRequests: count.optional(),
	completionDetails: z.looseObject({ cacheReadInputTokens: count.optional() }).nullish(),
});

/** What promptfoo's provider call returned. */
const responseSchema = z.looseObject({
	/** Absent when the call failed; any JSON value (a string for chat models). */
	output: z.unknown().optional(),
	error: z.string().nullish(),
	tokenUsage: tokenUsageSchema.nullish(),
	/** The provider's cost in USD; absent when promptfoo has no price for the model. */
	cost: count.nullish(),
	cached: z.boolean().nullish(),
	finishReason: z.string().nullish(),
});

/** One assertion's result (`gradingResult.componentResults[]`). */
const componentResultSchema = z.looseObject({
	pass: z.boolean(),
	score: z.number().nullish(),
	reason: z.string().nullish(),
	assertion: z.looseObject({ type: z.string().min(1), metric: z.string().nullish() }).nullish(),
});

const gradingResultSchema = z.looseObject({
	pass: z.boolean(),
	score: z.number().nullish(),
	reason: z.string().nullish(),
	componentResults: z.array(componentResultSchema).nullish(),
});

/** The test as promptfoo ran it (defaultTest merged in). */
const testCaseSchema = z.looseObject({
	description: z.string().nullish(),
	vars: recordOf.nullish(),
	assert: z.array(z.looseObject({ type: z.string().optional() })).nullish(),
});

/** promptfoo's ResultFailureReason: NONE, ASSERT, ERROR. */
export const FAILURE_REASONS = ["NONE", "ASSERT", "ERROR"] as const;

/** One EvaluateResult: one test × one prompt × one provider × one repeat. */
const resultSchema = z.looseObject({
	id: z.string().nullish(),
	/** The column: index into `results.prompts`, one per prompt × provider. */
	promptIdx: z.number().int().min(0),
	/** The test as expanded (each `--repeat` is a test of its own here). */
	testIdx: z.number().int().min(0),
	promptId: z.string().nullish(),
	provider: z.union([z.string().min(1), z.looseObject({ id: z.string().min(1), label: z.string().nullish() })]),
	prompt: z.looseObject({ raw: z.string(), label: z.string().nullish() }),
	testCase: testCaseSchema,
	response: responseSchema.nullish(),
	error: z.string().nullish(),
	success: z.boolean(),
	score: z.number(),
	namedScores: z.record(z.string(), z.number()).nullish(),
	gradingResult: gradingResultSchema.nullish(),
	latencyMs: count.nullish(),
	cost: count.nullish(),
	incurredCost: count.nullish(),
	failureReason: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullish(),
	metadata: recordOf.nullish(),
});

/** The results file, as `promptfoo eval -o results.json` writes it. */
export const promptfooResultsSchema = z.looseObject({
	evalId: z.string().nullish(),
	results: z.looseObject({
		version: z.number().int().min(3, { error: "promptfoo results of format version 3 or later" }),
		timestamp: z.string().nullish(),
		results: z.array(resultSchema),
	}),
	config: z.looseObject({ description: z.string().nullish() }).nullish(),
	metadata: z
		.looseObject({
			promptfooVersion: z.string().nullish(),
			evaluationCreatedAt: z.string().nullish(),
			author: z.string().nullish(),
		})
		.nullish(),
});

/** A validated results file. */
export type PromptfooResults = z.infer<typeof promptfooResultsSchema>;
/** One validated EvaluateResult row. */
export type PromptfooResult = PromptfooResults["results"]["results"][number];
/** A validated token usage. */
export type PromptfooTokenUsage = z.infer<typeof tokenUsageSchema>;
