import type { ModelEntry, Provider } from "../contract/index.js";
import { type CreateProviderOptions, createProvider } from "./create-provider.js";
import { entrySettings } from "./entry-settings.js";
import type { ProviderLimiter } from "./provider-limiter.js";
import { type RetryOptions, withRetries } from "./with-retries.js";

/** What `createModelProvider` needs besides the entry. */
export interface ModelProviderOptions extends CreateProviderOptions {
	/** The run's shared limiter; calls are not limited when absent. */
	readonly limiter?: ProviderLimiter;
	/** Backoff settings; `maxRetries` comes from the entry (`options.max_retries`, default 3). */
	readonly retry?: Omit<RetryOptions, "maxRetries">;
}

/**
 * The provider runners use for an entry: the bare provider, each call holding a place of the
 * entry's endpoint limit, wrapped in the retry layer (outside the limit, so a call waiting to
 * retry holds no place).
 */
export function createModelProvider(entry: ModelEntry, options: ModelProviderOptions): Provider {
	const bare = createProvider(entry, options);
	const limited = options.limiter === undefined ? bare : options.limiter.limit(entry, bare);
	return withRetries(limited, { ...options.retry, maxRetries: entrySettings(entry).maxRetries });
}
