import type { LanguageModelUsage, ProviderMetadata } from "ai";
import { BadInputError, type ModelEntry, type Provider, TouchstoneError } from "../contract/index.js";
import { type CommandLauncher, createCommandProvider } from "./command-provider.js";
import {
	type Environment,
	endpointOrigin,
	entrySettings,
	resolveApiKey,
	resolveBaseUrl,
	resolveHeaders,
} from "./entry-settings.js";
import type { Transport } from "./http-transport.js";
import { createOpenAiWireProvider } from "./openai-wire-provider.js";
import { createSdkProvider } from "./sdk-provider.js";

/** The provider kinds `createProvider` knows. */
export const PROVIDER_KINDS = ["openai-compatible", "openrouter", "anthropic", "command"] as const;
/** One of {@link PROVIDER_KINDS}. */
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** Endpoints used when an entry names none. */
const DEFAULT_BASE_URLS: Readonly<Record<ProviderKind, string | null>> = {
	"openai-compatible": null,
	openrouter: "https://openrouter.ai/api/v1",
	anthropic: "https://api.anthropic.com",
	command: null,
};

/** What `createProvider` needs besides the entry. */
export interface CreateProviderOptions {
	/** Where API keys, header values and `${VAR}` references are read from (`process.env` in the CLI). */
	readonly env: Environment;
	/** The endpoint, overriding `entry.base_url`; `${VAR}` references in either are expanded from `env`. */
	readonly baseUrl?: string;
	/** Milliseconds before one call is abandoned; `entry.options.timeout_s` (default 120 s) when absent. */
	readonly timeoutMs?: number;
	/** The fetch HTTP providers use; the global one when absent. */
	readonly fetch?: typeof fetch;
	/**
	 * How a `command` entry's program runs (the orchestrator's sandbox, made for this entry);
	 * required for `command` entries: providers cannot isolate a program themselves.
	 */
	readonly commandLauncher?: CommandLauncher;
	/**
	 * What openai-compatible entries send their requests through, over `fetch`; touchstone's own
	 * HTTP client when absent. bench/overhead puts undici here to compare the two.
	 */
	readonly transport?: Transport;
}

/**
 * Creates the bare provider for a model entry: no retries, no concurrency limit (see
 * `createModelProvider` for the composed one). Throws BadInputError for an entry that cannot be
 * reached as configured: an unknown kind, a missing key or variable, a base_url that is no URL.
 */
export function createProvider(entry: ModelEntry, options: CreateProviderOptions): Provider {
	const settings = entrySettings(entry);
	const timeoutMs = options.timeoutMs ?? settings.timeoutMs;
	const kind = entry.provider as ProviderKind;
	if (entry.provider === "builtin")
		throw new BadInputError(`Model \`${entry.id}\` is a built-in policy, not a model to call.`, [
			{
				source: `model ${entry.id}`,
				line: null,
				column: null,
				path: "provider",
				message: "a `builtin` policy (baseline, gold) only runs task use cases (plugin: tasks)",
				fix: "leave it out of this use case's fleet (`fleet:` in use_cases.yaml or --models)",
			},
		]);
	if (!PROVIDER_KINDS.includes(kind))
		throw new BadInputError(`Model \`${entry.id}\` names an unknown provider.`, [
			{
				source: `model ${entry.id}`,
				line: null,
				column: null,
				path: "provider",
				message: `unknown provider \`${entry.provider}\``,
				fix: `use one of ${PROVIDER_KINDS.map((name) => `\`${name}\``).join(", ")}`,
			},
		]);
	const id = `${entry.provider}:${entry.model}`;
	const headers = resolveHeaders(entry, settings.headersEnv, options.env);
	if (kind === "command") {
		if (options.commandLauncher === undefined)
			throw new TouchstoneError(
				"command-launcher",
				`model \`${entry.id}\`: a \`command\` entry needs a launcher that runs its program in the sandbox (createProvider's \`commandLauncher\`)`,
			);
		return createCommandProvider({
			id,
			timeoutMs,
			launcher: options.commandLauncher,
			secrets: Object.values(headers),
			outputBytes: settings.maxOutputBytes,
		});
	}
	const rawBaseUrl = options.baseUrl ?? entry.base_url ?? DEFAULT_BASE_URLS[kind];
	if (rawBaseUrl === null)
		throw new BadInputError(`Model \`${entry.id}\` has no endpoint.`, [
			{
				source: `model ${entry.id}`,
				line: null,
				column: null,
				path: "base_url",
				message: `provider \`${kind}\` needs a base_url`,
				fix: "add `base_url:`, e.g. `http://localhost:8000/v1`",
			},
		]);
	const baseURL = resolveBaseUrl(entry, rawBaseUrl, options.env);
	const apiKey = resolveApiKey(entry, options.env, kind !== "openai-compatible");
	const secrets = [...(apiKey === null ? [] : [apiKey]), ...Object.values(headers)];
	const fetchOption = options.fetch === undefined ? {} : { fetch: options.fetch };
	const common = {
		id,
		endpoint: endpointOrigin(baseURL),
		timeoutMs,
		secrets,
		apiKeyEnv: entry.api_key_env,
		maxOutputBytes: settings.maxOutputBytes,
	};
	switch (kind) {
		case "openai-compatible":
			return createOpenAiWireProvider({
				...common,
				baseUrl: baseURL,
				model: entry.model,
				apiKey,
				stream: settings.stream,
				headers,
				...fetchOption,
				...(options.transport === undefined ? {} : { transport: options.transport }),
			});
		case "openrouter": {
			const model = once(async () => {
				const { createOpenRouter } = await import("@openrouter/ai-sdk-provider");
				const sdk = createOpenRouter({
					baseURL,
					apiKey: apiKey ?? "",
					headers,
					compatibility: "strict",
					...fetchOption,
				});
				return sdk.chat(entry.model, { usage: { include: true } });
			});
			return createSdkProvider({ ...common, model, billedCost: openRouterCost });
		}
		case "anthropic": {
			const model = once(async () => {
				const { createAnthropic } = await import("@ai-sdk/anthropic");
				const sdk = createAnthropic({
					baseURL: anthropicBaseUrl(baseURL),
					apiKey: apiKey ?? "",
					headers,
					...fetchOption,
				});
				return sdk.languageModel(entry.model);
			});
			return createSdkProvider({ ...common, model, billedCost: () => ({ value: null, name: "usage.cost" }) });
		}
	}
}

/** Memoizes an async factory: the SDK model is built once, on the first call. */
function once<T>(factory: () => Promise<T>): () => Promise<T> {
	let value: Promise<T> | undefined;
	return () => {
		value ??= factory();
		return value;
	};
}

/**
 * Anthropic's SDKs take the host (`https://api.anthropic.com`) and the AI SDK wants the versioned
 * prefix (`…/v1`); entries may be written either way.
 */
export function anthropicBaseUrl(baseUrl: string): string {
	const trimmed = baseUrl.replace(/\/+$/, "");
	return /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
}

/**
 * OpenRouter's usage accounting (`providerMetadata.openrouter.usage.cost`), else `usage.cost` of
 * the raw reply (OpenRouter, LiteLLM and others report it there), as reported: the provider
 * checks it.
 */
function openRouterCost(step: {
	readonly usage: LanguageModelUsage;
	readonly providerMetadata: ProviderMetadata | undefined;
}): { readonly value: unknown; readonly name: string } {
	const usage = step.providerMetadata?.openrouter?.usage as { cost?: unknown } | undefined;
	if (usage?.cost !== undefined && usage.cost !== null)
		return { value: usage.cost, name: "providerMetadata.openrouter.usage.cost" };
	return { value: (step.usage.raw as { cost?: unknown } | undefined)?.cost, name: "usage.cost" };
}
