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
import { envNameSchema, urlProblem } from "./env-references.js";
import { mountListSchema } from "./mount-schema.js";

/** The provider kinds a model entry may name. */
export const PROVIDERS = ["openai-compatible", "openrouter", "anthropic", "command", "builtin"] as const;
/** The reference policies a `builtin` model runs on task use cases (no model is called). */
export const BUILTIN_POLICIES = ["baseline", "gold"] as const;
/** One of {@link PROVIDERS}. */
export type Provider = (typeof PROVIDERS)[number];

/** Endpoint and key variable used when a hosted provider's entry leaves them out. */
export const PROVIDER_DEFAULTS: Readonly<Record<Provider, { base_url: string | null; api_key_env: string | null }>> = {
	"openai-compatible": { base_url: null, api_key_env: null },
	openrouter: { base_url: "https://openrouter.ai/api/v1", api_key_env: "OPENROUTER_API_KEY" },
	anthropic: { base_url: "https://api.anthropic.com", api_key_env: "ANTHROPIC_API_KEY" },
	command: { base_url: null, api_key_env: null },
	builtin: { base_url: null, api_key_env: null },
};

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

/** Rules that depend on the provider; they run even when other fields are wrong, so all show at once. */
function checkProviderFields(value: unknown, context: z.core.$RefinementCtx): void {
	const entry = value as Record<string, unknown>;
	if (typeof entry.base_url === "string") {
		const problem = urlProblem(entry.base_url);
		if (problem !== null)
			context.addIssue({
				code: "custom",
				path: ["base_url"],
				message: problem,
				// biome-ignore lint/suspicious/noTemplateCurlyInString: shows the literal `${VAR}` syntax
				params: { fix: "write a URL such as `https://api.example.com/v1` or `${MY_SERVER_URL}/v1`" },
			});
	}
	if (isObject(entry.retired) && entry.status === "active")
		context.addIssue({
			code: "custom",
			path: ["status"],
			message: "`status: active` beside a `retired:` block: the model cannot be both",
			params: { fix: "remove the `retired:` block to run the model again, or set `status: retired`" },
		});
	const provider = entry.provider;
	if (!PROVIDERS.includes(provider as Provider)) return;
	const require = (key: string, fix: string) => {
		if (entry[key] === undefined)
			context.addIssue({
				code: "custom",
				path: [key],
				message: `missing \`${key}\`, required for provider \`${provider}\``,
				params: { fix },
			});
	};
	const refuse = (key: string, why: string) => {
		if (entry[key] !== undefined)
			context.addIssue({
				code: "custom",
				path: [key],
				message: `\`${key}\` is not used by provider \`${provider}\`: ${why}`,
				params: { fix: `remove \`${key}\`` },
			});
	};
	if (provider !== "command")
		for (const key of ["env", "network", "mounts"])
			refuse(key, "only a `command` entry's program runs in a sandbox of its own");
	if (provider === "command") {
		require("command", "add `command: [program, arg, ...]`");
		refuse("base_url", "it runs a program, it does not call a URL");
	} else if (provider === "builtin") {
		refuse("base_url", "a built-in policy calls no endpoint");
		refuse("command", "a built-in policy runs no program");
		refuse("api_key_env", "a built-in policy needs no key");
		if (!(BUILTIN_POLICIES as readonly unknown[]).includes(entry.model))
			context.addIssue({
				code: "custom",
				path: ["model"],
				message: `a \`builtin\` model is one of the reference policies ${BUILTIN_POLICIES.join(", ")}, got ${JSON.stringify(entry.model ?? null)}`,
				params: {
					fix: "write `model: baseline` (changes nothing: the floor) or `model: gold` (applies the reference solution: the ceiling)",
				},
			});
	} else {
		require("model", "add `model:` with the provider's own model id");
		refuse("command", "only the `command` provider runs a program");
	}
	if (provider === "openai-compatible") require("base_url", "add `base_url:`, e.g. `http://localhost:8000/v1`");
	else if (isObject(entry.options) && (entry.options as Record<string, unknown>).stream !== undefined)
		context.addIssue({
			code: "custom",
			path: ["options", "stream"],
			message: `\`options.stream\` is read only by the \`openai-compatible\` provider, not \`${provider}\``,
			params: { fix: "remove `stream:` from the entry's options" },
		});
}

function isObject(value: unknown): boolean {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function optionsJson(
	options: Record<string, number | boolean | Record<string, string> | undefined> | undefined,
): JsonObject {
	const json: JsonObject = {};
	for (const [key, value] of Object.entries(options ?? {})) if (value !== undefined) json[key] = value;
	return json;
}
