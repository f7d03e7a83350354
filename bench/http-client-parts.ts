import type { ModelEntry, Provider } from "../src/contract/index.js";
import { defaultRunParts, type RunParts } from "../src/orchestrator/index.js";
import {
	createModelProvider,
	createProviderLimiter,
	type Environment,
	HTTP_CLIENTS,
	type HttpClientName,
} from "../src/providers/index.js";
import { createSingleShotRunner } from "../src/runners/index.js";

/** `OVERHEAD_HTTP_CLIENT=plain|undici`: which client the bench's runs call the scripted server with (`plain` by default). */
export function httpClientFromEnvironment(): HttpClientName {
	const value = process.env.OVERHEAD_HTTP_CLIENT ?? "plain";
	if (!(HTTP_CLIENTS as readonly string[]).includes(value))
		throw new Error(`OVERHEAD_HTTP_CLIENT=${value}: expected one of ${HTTP_CLIENTS.join(", ")}`);
	return value as HttpClientName;
}

/**
 * The CLI's run parts (defaultRunParts), with the single-shot runner's providers made for the
 * given HTTP client: the same limiter, retry layer and runner as a real run, so an A/B of the two
 * clients differs in the client alone.
 */
export function runPartsWithClient(env: Environment, httpClient: HttpClientName): RunParts {
	const limiter = createProviderLimiter();
	const providers = new Map<string, Provider>();
	const providerFor = (entry: ModelEntry): Provider => {
		let provider = providers.get(entry.id);
		if (provider === undefined) {
			provider = createModelProvider(entry, { env, limiter, httpClient });
			providers.set(entry.id, provider);
		}
		return provider;
	};
	return {
		...defaultRunParts(env),
		providerFor,
		createRunner: (fleet) => {
			for (const entry of fleet) providerFor(entry);
			return createSingleShotRunner({ providerFor });
		},
	};
}
