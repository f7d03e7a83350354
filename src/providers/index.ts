/**
 * Providers: how touchstone talks to models. Bare providers per kind (`createProvider`), the one
 * retry layer (`withRetries`), concurrency limits per endpoint and key (`createProviderLimiter`),
 * all three composed (`createModelProvider`), and the cost and telemetry arithmetic.
 */

export type { StopSignal } from "./call-stop.js";
export {
	type CommandLaunch,
	type CommandLauncher,
	type CommandLaunchResult,
	type CommandProviderConfig,
	createCommandProvider,
	DEFAULT_COMMAND_OUTPUT_BYTES,
	renderPrompt,
} from "./command-provider.js";
export { costOf } from "./cost.js";
export {
	anthropicBaseUrl,
	type CreateProviderOptions,
	createProvider,
	PROVIDER_KINDS,
	type ProviderKind,
} from "./create-provider.js";
export {
	DEFAULT_CONCURRENCY,
	DEFAULT_MAX_OUTPUT_BYTES,
	DEFAULT_MAX_RETRIES,
	DEFAULT_TIMEOUT_S,
	type EntrySettings,
	type Environment,
	entrySettings,
	resolveApiKey,
} from "./entry-settings.js";
export { consumeReadable, type Transport, type WireResponse } from "./http-transport.js";
export { createModelProvider, type ModelProviderOptions } from "./model-provider.js";
export { createProviderLimiter, createSemaphore, type ProviderLimiter, type Semaphore } from "./provider-limiter.js";
export {
	type ReportedNumber,
	type ReportedNumberKind,
	readReportedNumber,
	readReportedNumbers,
} from "./reported-number.js";
export { parseRetryAfter } from "./retry-after.js";
export { REDACTED, redact, redactCounting } from "./secrets.js";
export { attemptWarnings, telemetryFrom } from "./telemetry.js";
export {
	abortableSleep,
	DEFAULT_BASE_DELAY_MS,
	DEFAULT_MAX_DELAY_MS,
	DEFAULT_MAX_RETRY_AFTER_MS,
	type RetryOptions,
	retryDelay,
	withRetries,
} from "./with-retries.js";
