import { BadInputError, type InputIssue, type ModelEntry, type SpecEndpoints } from "../contract/index.js";
import { type Definitions, findModel } from "../definitions/index.js";

/** `touchstone run --base-url URL [--api-key-env NAME]`: an OpenAI-compatible endpoint for the named models. */
export interface EndpointOverride {
	/** The endpoint, e.g. `http://gpu-box:8000/v1`. */
	readonly baseUrl: string;
	/** The variable holding the endpoint's key; null for none. The hosted entry's own key never goes along. */
	readonly apiKeyEnv: string | null;
}

/** The providers whose models may be pointed at another endpoint: both speak the OpenAI chat wire. */
export const ENDPOINT_PROVIDERS: readonly string[] = ["openai-compatible", "openrouter"];

/**
 * The id a model runs under at an overridden endpoint: `<id>@<host[:port]>`. A row of its own,
 * so self-hosted results neither mix with the hosted model's nor replace them.
 */
export function endpointModelId(modelId: string, baseUrl: string): string {
	return `${modelId}@${new URL(baseUrl).host}`;
}

/**
 * The registry entry of `base` served at `baseUrl`: spoken to over the OpenAI wire, under its
 * derived id, with the provider's model id unchanged. Its endpoint is part of its cell key, so
 * its cells are its own. It takes no credential of the hosted entry (key, extra headers), which
 * would go to a server it was not meant for, and no price: what a self-hosted call costs is unknown.
 */
export function endpointModel(base: ModelEntry, baseUrl: string, apiKeyEnv: string | null): ModelEntry {
	const { headers_env: _headers, ...options } = base.options;
	const host = new URL(baseUrl).host;
	return {
		...base,
		id: endpointModelId(base.id, baseUrl),
		display_name: `${base.display_name}@${host}`,
		provider: "openai-compatible",
		base_url: baseUrl,
		api_key_env: apiKeyEnv,
		price: null,
		options,
	};
}

/**
 * The fleet of a `--base-url` run: each model of `--models` at the endpoint. Every problem is
 * bad input naming the flag: no `--models`, a URL that is not http(s), a model that is unknown or
 * does not speak the OpenAI wire, a derived id that a registry entry already has.
 */
export function pointModelsAt(
	definitions: Definitions,
	models: readonly string[] | undefined,
	override: EndpointOverride,
): ModelEntry[] {
	const issues: InputIssue[] = [];
	const flagIssue = (source: string, path: string, message: string, fix: string) =>
		issues.push({ source, line: null, column: null, path, message, fix });
	const url = parseUrl(override.baseUrl);
	if (url === null)
		flagIssue(
			"--base-url",
			"",
			`\`${override.baseUrl}\` is not an http(s) URL`,
			"give the endpoint's OpenAI-compatible base, e.g. --base-url http://localhost:8000/v1",
		);
	if (models === undefined || models.length === 0)
		flagIssue(
			"--models",
			"",
			"--base-url needs the models to point at the endpoint",
			"name them: --models a,b --base-url URL (the use case's fleet keeps its hosted endpoints)",
		);
	const fleet: ModelEntry[] = [];
	for (const id of new Set(models ?? [])) {
		const base = findModel(definitions, id);
		if (base === undefined) {
			flagIssue(
				"--models",
				id,
				`no model \`${id}\` in models.yaml`,
				`use registry ids: ${definitions.models.map((model) => model.id).join(", ")}`,
			);
			continue;
		}
		if (!ENDPOINT_PROVIDERS.includes(base.provider)) {
			flagIssue(
				"--models",
				id,
				`model \`${id}\` has provider \`${base.provider}\`, which does not speak the OpenAI chat wire --base-url points at`,
				`with --base-url, name only ${ENDPOINT_PROVIDERS.join(" or ")} models`,
			);
			continue;
		}
		if (url === null) continue;
		// `…/v1` and `…/v1/` are one endpoint: one cell key, not two.
		const derived = endpointModel(base, override.baseUrl.replace(/\/+$/, ""), override.apiKeyEnv);
		if (findModel(definitions, derived.id) !== undefined)
			flagIssue(
				"--models",
				id,
				`\`${derived.id}\`, the id ${id} runs under at this endpoint, is already a registry id`,
				`rename that entry of models.yaml, or run ${id} at it through its own entry`,
			);
		else fleet.push(derived);
	}
	if (issues.length > 0) throw new BadInputError("--base-url cannot point these models at the endpoint", issues);
	return fleet;
}

/**
 * The endpoint models an earlier spec recorded, derived again from today's registry, so that a
 * run without `--base-url` keeps their rows current: an entry that changed since makes them
 * stale, like any other change of a model, and one that is gone from the registry drops them.
 */
export function recordedEndpointModels(definitions: Definitions, recorded: SpecEndpoints | undefined): ModelEntry[] {
	const models: ModelEntry[] = [];
	for (const { model, base_url } of Object.values(recorded ?? {})) {
		const base = findModel(definitions, model);
		if (base === undefined || !ENDPOINT_PROVIDERS.includes(base.provider) || parseUrl(base_url) === null) continue;
		const derived = endpointModel(base, base_url, null);
		if (findModel(definitions, derived.id) === undefined) models.push(derived);
	}
	return models;
}

/** The record of endpoint models a spec keeps: derived id → base model id (the id up to its last `@`) and endpoint. */
export function endpointRecord(models: readonly ModelEntry[]): SpecEndpoints {
	return Object.fromEntries(
		models.map((model) => [
			model.id,
			{ model: model.id.slice(0, model.id.lastIndexOf("@")), base_url: model.base_url ?? "" },
		]),
	);
}

function parseUrl(value: string): URL | null {
	try {
		const url = new URL(value);
		return url.protocol === "http:" || url.protocol === "https:" ? url : null;
	} catch {
		return null;
	}
}
