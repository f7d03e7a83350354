import { z } from "zod";

/**
 * The part of an inspect_ai eval log the import reads (inspect's `EvalLog`, log format versions 1
 * and 2): the header (`header.json` of a `.eval`, or the JSON log without its samples) and each
 * `EvalSample`. Objects are loose: inspect adds fields often, and what the import does not read is
 * no reason to refuse a log. inspect writes a non-finite float as the bare constant NaN or
 * Infinity, which the reader turns into null before this schema sees it; so a number that may be
 * one (a score, a metric) is nullable here.
 */
const count = z.number().min(0);

const recordOf = z.record(z.string(), z.unknown());

/** inspect's `ModelUsage`: tokens of one model, with its cost when inspect knew the price. */
const usageSchema = z.looseObject({
	/** Input tokens charged at full rate: without the cache's reads and writes. */
	input_tokens: count.nullish(),
	output_tokens: count.nullish(),
	total_tokens: count.nullish(),
	input_tokens_cache_write: count.nullish(),
	input_tokens_cache_read: count.nullish(),
	reasoning_tokens: count.nullish(),
	total_cost: count.nullish(),
});

/** inspect's `EvalError`. */
const errorSchema = z.looseObject({ message: z.string(), traceback: z.string().nullish() });

/** One part of a message's content (`ContentText`, `ContentReasoning`, `ContentImage` …). */
const contentPartSchema = z.looseObject({
	type: z.string().min(1),
	text: z.string().nullish(),
	reasoning: z.string().nullish(),
	summary: z.string().nullish(),
	redacted: z.boolean().nullish(),
});

const contentSchema = z.union([z.string(), z.array(contentPartSchema)]);

/** A tool call of an assistant message. */
const toolCallSchema = z.looseObject({
	id: z.string().nullish(),
	function: z.string(),
	/** A mapping of the arguments; inspect keeps what the model sent when it could not parse it. */
	arguments: z.unknown().optional(),
	parse_error: z.string().nullish(),
});

/** inspect's `ChatMessage` (system, user, assistant or tool). */
export const messageSchema = z.looseObject({
	role: z.string().min(1),
	content: contentSchema,
	tool_calls: z.array(toolCallSchema).nullish(),
	tool_call_id: z.string().nullish(),
	function: z.string().nullish(),
	error: z.looseObject({ type: z.string().nullish(), message: z.string() }).nullish(),
});

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** inspect's `Score`: a value (a letter, a number, a string, a list or a mapping of them) and what the scorer said. */
const scoreSchema = z.looseObject({
	value: z.union([scalar, z.array(scalar), z.record(z.string(), scalar)], {
		error:
			"expected a score value: a letter (C, I, P, N), a number, a string, true or false, or a list or mapping of them",
	}),
	answer: z.string().nullish(),
	explanation: z.string().nullish(),
	metadata: recordOf.nullish(),
});

/** inspect's `ModelOutput`. */
const outputSchema = z.looseObject({
	model: z.string().nullish(),
	choices: z.array(z.looseObject({ message: messageSchema, stop_reason: z.string().nullish() })).nullish(),
	/** What the model completed; older logs leave it out (inspect derives it from the first choice). */
	completion: z.string().nullish(),
	usage: usageSchema.nullish(),
	error: z.string().nullish(),
});

/** inspect's `EvalSample`: one sample of the dataset in one epoch. */
export const sampleSchema = z.looseObject({
	id: z.union([z.string().min(1), z.number().int()]),
	epoch: z.number().int().min(1),
	input: z.union([z.string(), z.array(messageSchema)]),
	target: z.union([z.string(), z.array(z.string())]).nullish(),
	choices: z.array(z.string()).nullish(),
	messages: z.array(messageSchema).nullish(),
	output: outputSchema.nullish(),
	scores: z.record(z.string(), scoreSchema).nullish(),
	/** Format version 1's single score (inspect reads it as the only scorer's). */
	score: scoreSchema.nullish(),
	metadata: recordOf.nullish(),
	model_usage: z.record(z.string(), usageSchema).nullish(),
	role_usage: z.record(z.string(), usageSchema).nullish(),
	started_at: z.string().nullish(),
	completed_at: z.string().nullish(),
	total_time: count.nullish(),
	working_time: count.nullish(),
	uuid: z.string().nullish(),
	error: errorSchema.nullish(),
	error_retries: z.array(z.unknown()).nullish(),
	attachments: z.record(z.string(), z.string()).nullish(),
	limit: z.looseObject({ type: z.string(), limit: z.number().nullish() }).nullish(),
});

/** inspect's `EvalSpec`: what was evaluated, on which model, how. */
const evalSpecSchema = z.looseObject({
	eval_id: z.string().nullish(),
	run_id: z.string().nullish(),
	eval_set_id: z.string().nullish(),
	created: z.string(),
	task: z.string(),
	task_id: z.string().nullish(),
	task_version: z.union([z.number(), z.string()]).nullish(),
	task_file: z.string().nullish(),
	dataset: z
		.looseObject({ name: z.string().nullish(), samples: z.number().nullish(), location: z.string().nullish() })
		.nullish(),
	model: z.string().min(1),
	model_generate_config: recordOf.nullish(),
	model_base_url: z.string().nullish(),
	model_args: recordOf.nullish(),
	config: z.looseObject({ epochs: z.number().nullish(), epochs_reducer: z.array(z.string()).nullish() }).nullish(),
	packages: z.record(z.string(), z.string()).nullish(),
	scorers: z.array(z.looseObject({ name: z.string() })).nullish(),
});

/** One scorer's results (`EvalScore`); a scorer of mapping values has one per key. */
const evalScoreSchema = z.looseObject({ name: z.string(), scorer: z.string(), reducer: z.string().nullish() });

/** inspect's eval statuses; `started` is a log still being written. */
export const INSPECT_STATUSES = ["started", "success", "cancelled", "error"] as const;

/** The log without its samples: `header.json`, `_journal/start.json`, or a JSON log's top level. */
export const headerSchema = z.looseObject({
	version: z.number().int().min(1).max(2, { error: "inspect_ai log format version 1 or 2" }),
	status: z.enum(INSPECT_STATUSES).optional(),
	eval: evalSpecSchema,
	plan: z.looseObject({ steps: z.array(z.looseObject({ solver: z.string() })).nullish() }).nullish(),
	results: z
		.looseObject({
			total_samples: count.nullish(),
			completed_samples: count.nullish(),
			scores: z.array(evalScoreSchema).nullish(),
			/** Format version 1's single scorer. */
			scorer: evalScoreSchema.nullish(),
		})
		.nullish(),
	stats: z.looseObject({ started_at: z.string().nullish(), completed_at: z.string().nullish() }).nullish(),
	error: errorSchema.nullish(),
});

/** The JSON log format: the header with its samples. */
export const jsonLogSchema = headerSchema.extend({ samples: z.array(sampleSchema).nullish() });

/** A validated header. */
export type InspectHeader = z.infer<typeof headerSchema>;
/** A validated sample. */
export type InspectSample = z.infer<typeof sampleSchema>;
/** A validated chat message. */
export type InspectMessage = z.infer<typeof messageSchema>;
/** A validated score. */
export type InspectScore = z.infer<typeof scoreSchema>;
/** A validated model usage. */
export type InspectUsage = z.infer<typeof usageSchema>;
