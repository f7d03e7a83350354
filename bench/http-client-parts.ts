import type { ModelEntry, Provider } from "../src/contract/index.js";
import { defaultRunParts, type RunParts } from "../src/orchestrator/index.js";
import { createModelProvider, createProviderLimiter, type Environment } from "../src/providers/index.js";
import { createSingleShotRunner } from "../src/runners/index.js";

/** The HTTP clients bench/overhead can call the stand-in with: touchstone's own, and undici's Pool through `request` or `dispatch`. */
export const HTTP_CLIENTS = ["plain", "undici", "undici-dispatch"] as const;
/** One of {@link HTTP_CLIENTS}. */
export type HttpClientName = (typeof HTTP_CLIENTS)[number];

/** `OVERHEAD_HTTP_CLIENT=plain|undici|undici-dispatch`, or a comma-separated list to run side by side (`plain` by default). */
export function httpClientsFromEnvironment(): HttpClientName[] {
	const names = (process.env.OVERHEAD_HTTP_CLIENT ?? "plain").split(",").map((name) => name.trim());
	for (const name of names)
		if (!(HTTP_CLIENTS as readonly string[]).includes(name))
			throw new Error(`OVERHEAD_HTTP_CLIENT: ${name} is not a client: expected ${HTTP_CLIENTS.join(", ")}`);
	return names as HttpClientName[];
}

/** The one client of a phase's process (the first when a list is given). */
export function httpClientFromEnvironment(): HttpClientName {
	return httpClientsFromEnvironment()[0] ?? "plain";
}

/**
 * The CLI's run parts (defaultRunParts), with the single-shot runner's providers calling through
 * the given HTTP client: the same limiter, retry layer and runner as a real run, so an A/B of the
 * clients differs in the client alone. Each provider has a client of its own, as in a run.
 * Undici is imported only when asked for: loaded beside the plain client, its modules cost the
 * phase's process about 15 MB of resident memory that a run of the CLI never has.
 */
export async function runPartsWithClient(env: Environment, client: HttpClientName): Promise<RunParts> {
	const createUndiciTransport =
		client === "plain" ? null : (await import("./undici-transport.js")).createUndiciTransport;
	const limiter = createProviderLimiter();
	const providers = new Map<string, Provider>();
	const providerFor = (entry: ModelEntry): Provider => {
		let provider = providers.get(entry.id);
		if (provider === undefined) {
			const transport =
				createUndiciTransport === null
					? {}
					: { transport: createUndiciTransport(client === "undici" ? "request" : "dispatch") };
			provider = createModelProvider(entry, { env, limiter, ...transport });
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
