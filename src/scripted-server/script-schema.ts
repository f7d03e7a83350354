import { z } from "zod";
import { patternProblem } from "./pattern.js";

/** The faults a scripted model can inject, in the order they are drawn for each request. */
export const FAULT_KINDS = ["rate_limit", "server_error", "hang", "cut_stream", "malformed"] as const;
/** One of {@link FAULT_KINDS}. */
export type FaultKind = (typeof FAULT_KINDS)[number];

// Every message below starts with "expected": the issue mapper appends what was found.
const MILLISECONDS = "expected milliseconds (a number >= 0) or a [min, max] pair";
const PROBABILITY = "expected a number between 0 and 1";
const TOKENS = "expected `auto` or a whole number of tokens >= 0";

const milliseconds = z.number({ error: MILLISECONDS }).min(0, { error: MILLISECONDS });

const durationSchema = z
	.union([milliseconds, z.tuple([milliseconds, milliseconds], { error: MILLISECONDS })], { error: MILLISECONDS })
	.superRefine((value, context) => {
		if (typeof value !== "number" && value[0] > value[1])
			context.addIssue({
				code: "custom",
				message: `expected [min, max] with min <= max, found [${value[0]}, ${value[1]}]`,
				params: { fix: `write [${value[1]}, ${value[0]}]` },
			});
	});

const probability = z.number({ error: PROBABILITY }).min(0, { error: PROBABILITY }).max(1, { error: PROBABILITY });

const tokenCount = z.union([z.int({ error: TOKENS }).min(0, { error: TOKENS }), z.literal("auto")], { error: TOKENS });

const patternSchema = z.string({ error: "expected a regular expression (a string)" }).superRefine((value, context) => {
	const problem = patternProblem(value);
	if (problem !== null)
		context.addIssue({
			code: "custom",
			message: `invalid regular expression: ${problem}`,
			params: { fix: "escape special characters such as ( ) [ ] ? + * with a backslash, or quote the YAML string" },
		});
});

const usageSchema = z.strictObject(
	{
		prompt_tokens: tokenCount.default("auto"),
		completion_tokens: tokenCount.default("auto"),
		cached_tokens: z
			.int({ error: "expected a whole number >= 0" })
			.min(0, { error: "expected a whole number >= 0" })
			.default(0),
	},
	{ error: "expected a mapping with `prompt_tokens`, `completion_tokens`, `cached_tokens`" },
);

const faultsSchema = z.strictObject(
	{
		rate_limit: probability.default(0),
		server_error: probability.default(0),
		hang: probability.default(0),
		cut_stream: probability.default(0),
		malformed: probability.default(0),
		retry_after_s: z.number({ error: "expected seconds >= 0" }).min(0, { error: "expected seconds >= 0" }).default(1),
	},
	{ error: "expected a mapping of fault probabilities" },
);

const whenSchema = z.strictObject(
	{
		user: patternSchema.optional(),
		system: patternSchema.optional(),
		turn: z.int({ error: "expected a turn number >= 1" }).min(1, { error: "expected a turn number >= 1" }).optional(),
		tool_result: patternSchema.optional(),
		has_tools: z.boolean({ error: "expected true or false" }).optional(),
	},
	{ error: "expected a mapping of conditions (`user`, `system`, `turn`, `tool_result`, `has_tools`)" },
);

const toolCallSchema = z.strictObject(
	{
		name: z.string({ error: "expected a tool name" }).min(1, { error: "expected a tool name" }),
		arguments: z.record(z.string(), z.json(), { error: "expected a mapping of arguments" }).default({}),
	},
	{ error: "expected a tool call `{ name: ..., arguments: {...} }`" },
);

const ruleSchema = z
	.strictObject(
		{
			when: whenSchema.optional(),
			reply: z.string({ error: "expected the reply text (a string)" }).optional(),
			tool_calls: z
				.array(toolCallSchema, { error: "expected a list of tool calls" })
				.min(1, { error: "expected at least one tool call" })
				.optional(),
		},
		{ error: "expected a rule: a mapping with `when` and `reply` or `tool_calls`" },
	)
	.superRefine((rule, context) => {
		if (rule.reply === undefined && rule.tool_calls === undefined)
			context.addIssue({
				code: "custom",
				message: "expected `reply` or `tool_calls` in the rule, found neither",
				params: { fix: 'add `reply: "..."` or `tool_calls: [{ name: ..., arguments: {...} }]`' },
			});
	});

const modelSchema = z.strictObject(
	{
		latency_ms: durationSchema.default(0),
		ttft_ms: durationSchema.optional(),
		usage: usageSchema.prefault({}),
		cost_usd: z
			.number({ error: "expected a cost in USD (a number >= 0)" })
			.min(0, { error: "expected a cost >= 0" })
			.optional(),
		faults: faultsSchema.prefault({}),
		rules: z.array(ruleSchema, { error: "expected a list of rules" }).min(1, { error: "expected at least one rule" }),
	},
	{ error: "expected a model: a mapping with `rules` and optionally `latency_ms`, `usage`, `faults`" },
);

/** A script: the seed and, per model id (or `*` for any other id), its latency, usage, faults and rules. */
export const scriptSchema = z.strictObject(
	{
		seed: z.int({ error: "expected a whole number" }).default(0),
		models: z
			.record(z.string().min(1, { error: "expected a model id" }), modelSchema, {
				error: "expected a mapping of model ids",
			})
			.refine((models) => Object.keys(models).length > 0, {
				error: "expected at least one model",
				params: { fix: "add a model, e.g. `scripted/strong: { rules: [{ reply: hello }] }`" },
			}),
	},
	{ error: "expected a mapping with the top-level keys `seed:` and `models:`" },
);

/** A validated script, defaults filled in. */
export type Script = z.output<typeof scriptSchema>;
/** A script as written (in a file or in code): defaults may be left out. */
export type ScriptInput = z.input<typeof scriptSchema>;
/** One model's part of a validated script. */
export type ModelScript = Script["models"][string];
/** One rule of a model: when it applies, and the reply or tool calls it answers with. */
export type ScriptRule = ModelScript["rules"][number];
/** The conditions of a rule; every condition given must hold. */
export type RuleConditions = NonNullable<ScriptRule["when"]>;
/** A millisecond duration: fixed, or a [min, max] range drawn per request. */
export type Duration = ModelScript["latency_ms"];
