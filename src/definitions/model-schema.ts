import { z } from "zod";
import {
	type JsonObject,
	MODEL_ROLES,
	MODEL_STATUSES,
	MODEL_TIERS,
	MODEL_WEIGHTS,
	type ModelEntry,
} from "../contract/index.js";
import { COUNT_BOUNDS } from "../input/index.js";
import { envNameSchema } from "./env-references.js";
import { checkProviderFields, isObject, PROVIDER_DEFAULTS, PROVIDERS } from "./model-providers.js";
import { mountListSchema } from "./mount-schema.js";

export { BUILTIN_POLICIES, PROVIDER_DEFAULTS, PROVIDERS, type Provider } from "./model-providers.js";

const MODEL_ID = /^[A-Za-z0-9._:/@-]+$/;
/** Variables the sandbox sets itself: passing the host's would break it (PATH) or leak it (HOME). */
const SANDBOX_VARIABLES = ["PATH", "HOME", "TMPDIR"];

const passedEnvNameSchema = envNameSchema.superRefine((name, context) => {
	if (SANDBOX_VARIABLES.includes(name))
		context.addIssue({
			code: "custom",
			message: `\`${name}\` is set by the sandbox itself (PATH: the system's, HOME and TMPDIR: private folders)`,
			params: { fix: `remove \`${name}\`; mount what the program needs with \`mounts:\`` },
		});
});
/** The largest `options.max_output_bytes` accepted: a reply is held in memory, so no cap is unbounded. */
const MAX_OUTPUT_BYTES_BOUND = 1024 * 1024 * 1024;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const tagsSchema = z
	.strictObject({
		family: z.string().min(1).optional().describe("Model family, e.g. `llama`, `claude`, `gpt`."),
		weights: z.enum(MODEL_WEIGHTS).optional().describe("Whether the weights can be downloaded."),
		tier: z
			.enum(MODEL_TIERS)
			.optional()
			.describe(
				"Rough size class, for labels and filters. On an active `role: anchor` model, also its rung of the anchor ladder (`touchstone ladder`): at most one active anchor per tier.",
			),
	})
	.describe("Display tags: labels, colours and filters only; never used for grading or cost.");

const retiredSchema = z
	.strictObject({
		reason: z
			.string()
			.trim()
			.min(1, { error: "a reason: why the model no longer runs" })
			.describe("Why the model no longer runs."),
		date: z
			.string()
			.regex(/^\d{4}-\d{2}-\d{2}$/, { error: "a UTC day written YYYY-MM-DD, e.g. 2026-12-02" })
			.describe("The UTC day it was retired, YYYY-MM-DD."),
	})
	.describe(
		"Why and when the model was retired (`touchstone drop` writes it, with `status: retired`): it joins no new run; its stored results stay readable and are shown marked retired, never picked by a decision.",
	);

const priceSchema = z
	.strictObject({
		input: z.number().min(0).describe("USD per million prompt tokens."),
		output: z.number().min(0).describe("USD per million completion tokens."),
		cache_read: z.number().min(0).optional().describe("USD per million prompt tokens read from cache."),
	})
	.describe("Price override in USD per million tokens, used when the provider reports no billed cost.");

const optionsSchema = z
	.strictObject({
		max_retries: z
			.int()
			.min(0)
			.max(COUNT_BOUNDS.retries)
			.optional()
			.describe("Retries of a failed call, with backoff and jitter."),
		concurrency: z
			.int()
			.min(1)
			.max(COUNT_BOUNDS.concurrency)
			.optional()
			.describe("Calls to this model in flight at once."),
		timeout_s: z
			.number()
			.positive()
			.max(COUNT_BOUNDS.timeoutSeconds)
			.optional()
			.describe("Seconds before one call is abandoned."),
		headers_env: z
			.record(z.string(), envNameSchema)
			.superRefine((headers, context) => {
				for (const name of Object.keys(headers))
					if (!HEADER_NAME.test(name))
						context.addIssue({
							code: "custom",
							path: [name],
							message: `\`${name}\` is not a valid HTTP header name`,
							params: { fix: "use letters, digits and `-`, e.g. `X-Api-Key`" },
						});
			})
			.optional()
			.describe("Extra HTTP headers: header name -> name of the environment variable holding its value."),
		stream: z
			.boolean()
			.optional()
			.describe(
				"openai-compatible only. `false` asks for whole replies instead of streamed ones, for an endpoint or proxy that cannot stream (a reply sent whole is read either way); no time to first token is measured then. Default `true`. Not part of the cell key: it changes how a reply travels, not what it says.",
			),
		max_output_bytes: z
			.int()
			.min(1)
			.max(MAX_OUTPUT_BYTES_BOUND)
			.optional()
			.describe(
				"Bytes of output (UTF-8) one model reply may have; past them the reply is cut, marked truncated (`finish_reason: length`, a warning on the run) and no more of it is read. Default 4194304 (4 MiB); at most 1 GiB.",
			),
	})
	.describe("Provider settings: retries, concurrency, timeout, extra headers, streaming, output cap.");

/** One entry of `models.yaml`, as written; parses into a contract {@link ModelEntry}. */
export const modelSchema = z
	.strictObject({
		id: z
			.string()
			.regex(MODEL_ID, { error: "an id made of letters, digits and . _ : / @ -" })
			.describe("Registry id, unique; used by --models, fleets, deployed.model and jurors."),
		provider: z.enum(PROVIDERS).describe("How the model is reached."),
		model: z
			.string()
			.min(1)
			.optional()
			.describe("The provider's own model id (required except for the `command` provider)."),
		display_name: z.string().min(1).optional().describe("Human name for tables; defaults to the id."),
		role: z
			.enum(MODEL_ROLES)
			.default("candidate")
			.describe("`candidate`s compete on cost; `anchor`s mark the capability ceiling and may sit on juries."),
		status: z
			.enum(MODEL_STATUSES)
			.optional()
			.describe(
				"Retired models keep their results but join no new run. Default `active`, or `retired` with a `retired:` block.",
			),
		retired: retiredSchema.optional(),
		tags: tagsSchema.optional(),
		price: priceSchema.optional(),
		base_url: z.string().optional().describe(
			// biome-ignore lint/suspicious/noTemplateCurlyInString: documents the literal `${VAR}` syntax
			"Endpoint (required for openai-compatible). May contain ${ENV_VAR} references, expanded at run time.",
		),
		api_key_env: envNameSchema
			.optional()
			.describe("Name of the environment variable holding the API key (never the key itself)."),
		command: z
			.array(z.string().min(1))
			.min(1)
			.optional()
			.describe("Program and arguments (required for the `command` provider)."),
		options: optionsSchema.optional(),
		env: z
			.array(passedEnvNameSchema)
			.optional()
			.describe(
				"`command` only: names of host environment variables passed to the program besides `api_key_env`; it gets nothing else of the host's environment.",
			),
		network: z
			.boolean()
			.optional()
			.describe(
				"`command` only: let the program reach the network (a hosted agent calling its API). Default false: only a private loopback.",
			),
		mounts: mountListSchema("absolute")
			.optional()
			.describe(
				"`command` only: host folders or files shown read-only inside the program's sandbox, e.g. an agent installed outside /usr.",
			),
	})
	.superRefine(checkProviderFields, { when: (payload) => isObject(payload.value) })
	.transform(
		(entry): ModelEntry => ({
			id: entry.id,
			provider: entry.provider,
			model: entry.model ?? entry.id,
			display_name: entry.display_name ?? entry.id,
			role: entry.role,
			status: entry.retired === undefined ? (entry.status ?? "active") : "retired",
			...(entry.retired === undefined ? {} : { retired: entry.retired }),
			tags: {
				family: entry.tags?.family ?? null,
				weights: entry.tags?.weights ?? null,
				tier: entry.tags?.tier ?? null,
			},
			price:
				entry.price === undefined
					? null
					: { input: entry.price.input, output: entry.price.output, cache_read: entry.price.cache_read ?? null },
			base_url: entry.base_url ?? PROVIDER_DEFAULTS[entry.provider].base_url,
			api_key_env: entry.api_key_env ?? PROVIDER_DEFAULTS[entry.provider].api_key_env,
			command: entry.command ?? null,
			options: optionsJson(entry.options),
			// Only when set, so an entry without them equals (and keys) what it did before they existed.
			...(entry.env === undefined || entry.env.length === 0 ? {} : { env: [...new Set(entry.env)].sort() }),
			...(entry.network === true ? { network: true } : {}),
			...(entry.mounts === undefined || entry.mounts.length === 0 ? {} : { mounts: entry.mounts }),
		}),
	)
	.describe("One model: how to reach it and how to label it.");

/** The whole `models.yaml` file. */
export const modelsFileSchema = z
	.strictObject({
		models: z.array(modelSchema).describe("The model registry."),
	})
	// Only over entries that parsed: a broken entry is reported on its own, and has no tier to compare.
	.superRefine(checkAnchorTiers, { when: (payload) => payload.issues.length === 0 })
	.meta({
		title: "touchstone models.yaml",
		description: "The model registry: every model touchstone can run, with its provider, role, status and price.",
	});

/**
 * An active anchor's tier is its rung of the anchor ladder, so two active anchors on one tier
 * would make `touchstone ladder` ambiguous: the repeat is an issue at its `tags.tier`.
 */
function checkAnchorTiers(file: { models: readonly ModelEntry[] }, context: z.core.$RefinementCtx): void {
	const first = new Map<string, string>();
	for (const [index, model] of file.models.entries()) {
		const tier = model.tags.tier;
		if (model.role !== "anchor" || model.status !== "active" || tier === null) continue;
		const earlier = first.get(tier);
		if (earlier === undefined) {
			first.set(tier, model.id);
			continue;
		}
		context.addIssue({
			code: "custom",
			path: ["models", index, "tags", "tier"],
			message: `two active anchors on the ladder's \`${tier}\` tier: \`${earlier}\` and \`${model.id}\``,
			params: {
				fix: `give each active anchor its own tier (${MODEL_TIERS.join(", ")}), or remove \`tier\` from all but one`,
			},
		});
	}
}

function optionsJson(
	options: Record<string, number | boolean | Record<string, string> | undefined> | undefined,
): JsonObject {
	const json: JsonObject = {};
	for (const [key, value] of Object.entries(options ?? {})) if (value !== undefined) json[key] = value;
	return json;
}
