import type { z } from "zod";
import { urlProblem } from "./env-references.js";

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

/** Rules that depend on the provider; they run even when other fields are wrong, so all show at once. */
export function checkProviderFields(value: unknown, context: z.core.$RefinementCtx): void {
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

/** Whether a value is a plain mapping (not null, not a list). */
export function isObject(value: unknown): boolean {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
