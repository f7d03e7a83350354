import type { LanguageModel, LanguageModelUsage, ProviderMetadata } from "ai";
import {
	type Completion,
	type CompletionRequest,
	type Provider,
	ProviderError,
	type ToolCall,
} from "../contract/index.js";
import { boundedCall } from "./bounded-call.js";
import { outputCapWarning } from "./entry-settings.js";
import { OutputBudget } from "./output-budget.js";
import { readReportedUsage } from "./reported-number.js";
import { jsonCopy, toFinishReason, toModelMessages, toToolCall, toToolSet } from "./sdk-messages.js";

/** What an AI SDK language model needs to become a touchstone Provider. */
export interface SdkProviderConfig {
	/** See Provider.id. */
	readonly id: string;
	/** See Provider.endpoint. */
	readonly endpoint: string;
	/** The AI SDK model, configured with the endpoint and key; created on the first call, so the
	 * SDK is loaded only by runs that use it. */
	readonly model: () => Promise<LanguageModel>;
	/** Milliseconds before one call is abandoned as a timeout. */
	readonly timeoutMs: number;
	/**
	 * Values (keys, header values) redacted from every error message, which may be printed before
	 * a run sees it. A reply is returned as received: the run's counted redaction replaces them.
	 */
	readonly secrets: readonly string[];
	/** Name of the variable the key came from, named in the message of a refused key. */
	readonly apiKeyEnv: string | null;
	/** Bytes of output one reply may have (`options.max_output_bytes`); past them the stream is left. */
	readonly maxOutputBytes: number;
	/**
	 * The billed cost the provider reported for one call, as reported (checked by the provider with
	 * `readReportedNumber`, so a negative cost is unknown), and where it was found, for the warning.
	 */
	billedCost(step: { readonly usage: LanguageModelUsage; readonly providerMetadata: ProviderMetadata | undefined }): {
		readonly value: unknown;
		readonly name: string;
	};
}

// The SDK prints its warnings (an unsupported setting, say) to the console once per call; a
// benchmark of thousands of calls keeps them in each completion's `raw.warnings` instead.
const sdkGlobals = globalThis as { AI_SDK_LOG_WARNINGS?: unknown };
sdkGlobals.AI_SDK_LOG_WARNINGS ??= false;

/**
 * A Provider over an AI SDK language model: streams every call (so time to first token is real),
 * with the SDK's own retries off (touchstone has one retry layer, `withRetries`) and a per-call
 * time limit that surfaces as a `timeout` error. Output past `maxOutputBytes` ends the stream
 * there (`finish_reason: length`, a warning); usage figures are checked as every provider checks
 * them (`readReportedNumber`).
 */
export function createSdkProvider(config: SdkProviderConfig): Provider {
	return {
		specificationVersion: "v1",
		id: config.id,
		endpoint: config.endpoint,
		complete: (request, options) => complete(config, request, options.signal),
	};
}

function complete(config: SdkProviderConfig, request: CompletionRequest, signal: AbortSignal): Promise<Completion> {
	const bounds = { signal, timeoutMs: config.timeoutMs, providerId: config.id, secrets: config.secrets };
	return boundedCall({ ...bounds, apiKeyEnv: config.apiKeyEnv }, (stop) => stream(config, request, stop.signal));
}

async function stream(
	config: SdkProviderConfig,
	request: CompletionRequest,
	abortSignal: AbortSignal,
): Promise<Completion> {
	// Loading the SDK and building the model happen before the clock starts: they are
	// touchstone's cost, once per process, not the model's latency.
	const ai = await import("ai");
	const { Output, streamText } = ai;
	const model = await config.model();
	const start = performance.now();
	let firstOutput: number | null = null;
	const mark = () => {
		firstOutput ??= performance.now();
	};
	// Aborted once the output cap is reached: leaving the stream alone does not end the request.
	const capped = new AbortController();
	const result = streamText({
		model,
		messages: toModelMessages(request.messages, config.id),
		allowSystemInMessages: true,
		...(request.tools !== undefined && request.tools.length > 0 ? { tools: toToolSet(request, ai) } : {}),
		...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
		...(request.max_tokens !== undefined ? { maxOutputTokens: request.max_tokens } : {}),
		...(request.response_format === "json" ? { output: Output.json() } : {}),
		maxRetries: 0,
		abortSignal: AbortSignal.any([abortSignal, capped.signal]),
		onError: () => {},
	});
	let text = "";
	const budget = new OutputBudget(config.maxOutputBytes);
	const toolCalls: ToolCall[] = [];
	let sdkWarnings: unknown = [];
	let step:
		| {
				usage: LanguageModelUsage;
				finishReason: string;
				rawFinishReason: string | undefined;
				providerMetadata: ProviderMetadata | undefined;
				response: { id: string; modelId: string };
		  }
		| undefined;
	for await (const part of result.fullStream) {
		switch (part.type) {
			case "text-delta":
				if (part.text.length > 0) mark();
				text += budget.take(part.text);
				break;
			case "reasoning-delta":
				if (part.text.length > 0) mark();
				budget.take(part.text);
				break;
			case "tool-input-start":
				mark();
				break;
			case "tool-call":
				mark();
				toolCalls.push(toToolCall(part));
				break;
			case "start-step":
				sdkWarnings = part.warnings;
				break;
			case "finish-step":
				step = part;
				break;
			case "error":
				throw part.error;
			case "abort":
				throw new Error("the stream was aborted");
			default:
				break;
		}
		if (budget.full) {
			capped.abort();
			break;
		}
	}
	const end = performance.now();
	if (step === undefined && !budget.full)
		throw new ProviderError(`${config.id}: the reply ended without finishing`, { kind: "malformed", retryable: true });
	const warnings: string[] = budget.full ? [outputCapWarning(config.maxOutputBytes)] : [];
	const usage = step?.usage;
	const providerMetadata = step?.providerMetadata;
	const cost = usage === undefined ? null : config.billedCost({ usage, providerMetadata });
	const reported = readReportedUsage(
		{
			input_tokens: [usage?.inputTokens, "usage.inputTokens"],
			output_tokens: [usage?.outputTokens, "usage.outputTokens"],
			cache_tokens: [usage?.inputTokenDetails?.cacheReadTokens, "usage.inputTokenDetails.cacheReadTokens"],
			cost: [cost?.value, cost?.name ?? "usage.cost"],
		},
		warnings,
	);
	return {
		// As received, a key a server echoed too: the run redacts what it stores, and counts it.
		text,
		tool_calls: toolCalls,
		finish_reason: step === undefined ? "length" : toFinishReason(step.finishReason),
		usage: reported.usage,
		billed_cost_usd: reported.billed_cost_usd,
		timing: {
			latency_ms: end - start,
			ttft_ms: firstOutput === null ? null : firstOutput - start,
			generation_ms: firstOutput === null ? null : end - firstOutput,
		},
		retries: 0,
		raw: jsonCopy({
			provider: config.id,
			response_id: step?.response.id ?? null,
			response_model: step?.response.modelId ?? null,
			finish_reason: step?.rawFinishReason ?? null,
			usage: usage?.raw ?? null,
			provider_metadata: providerMetadata ?? null,
			warnings: sdkWarnings,
			...(budget.full ? { truncated: true } : {}),
		}),
		...(warnings.length > 0 ? { warnings } : {}),
	};
}
