import {
	type Attempt,
	type AttemptStatus,
	type ChatMessage,
	type Completion,
	type CompletionRequest,
	type JsonObject,
	type ModelEntry,
	type Provider,
	ProviderError,
	type RunInput,
	type Runner,
	UNKNOWN_TELEMETRY,
} from "../contract/index.js";
import { attemptWarnings, telemetryFrom } from "../providers/index.js";

/** Id of the single-shot harness, shown on the leaderboard. */
export const SINGLE_SHOT_RUNNER_ID = "single-shot";
/** Its version; bump it when the prompt it sends or the attempt it returns changes meaning. */
export const SINGLE_SHOT_RUNNER_VERSION = "1";

/** What the single-shot runner needs: how to reach each model. */
export interface SingleShotRunnerOptions {
	/** The provider for an entry, usually `createModelProvider` with the run's limiter. May throw. */
	providerFor(entry: ModelEntry): Provider;
}

/**
 * The single-shot harness: one model call per cell, no tools, an empty trace. Reads `case.input`
 * keys `prompt` (required), `system_prompt`, `max_tokens` and `temperature`.
 *
 * Outcomes: a reply is `completed` (graders decide whether it is right; an empty reply is a
 * `null` final, still graded). A call that timed out after its retries is `timeout`, a graded
 * failure of the model, as the architecture's outcome taxonomy has it. Every other failure is
 * `harness_error`, never the model's: an endpoint that stayed rate-limited, down, unreachable or
 * garbled after retries is an outage, and a rejected key or request (401, 403, 400, 422) is a
 * configuration problem, as is an invalid case input. Nothing is thrown.
 */
export function createSingleShotRunner(options: SingleShotRunnerOptions): Runner {
	return {
		specificationVersion: "v1",
		id: SINGLE_SHOT_RUNNER_ID,
		version: SINGLE_SHOT_RUNNER_VERSION,
		run: (input, { signal }) => runSingleShot(options, input, signal),
	};
}

async function runSingleShot(options: SingleShotRunnerOptions, input: RunInput, signal: AbortSignal): Promise<Attempt> {
	const start = performance.now();
	const entry = input.model;
	const details: JsonObject = { provider: entry.provider, model: entry.model };
	const failed = (status: AttemptStatus, error: string, raw: JsonObject | null = null): Attempt => ({
		final: null,
		trace: [],
		telemetry: { ...UNKNOWN_TELEMETRY, latency_ms: performance.now() - start },
		status,
		error,
		runner_provenance: provenance(details),
		diff: null,
		raw,
	});
	try {
		const parsed = parseSingleShotInput(input.case.input);
		if (typeof parsed === "string") return failed("harness_error", parsed);
		const provider = options.providerFor(entry);
		details.endpoint = provider.endpoint;
		let completion: Completion;
		try {
			completion = await provider.complete(parsed, { signal });
		} catch (error) {
			if (!(error instanceof ProviderError)) throw error;
			details.retries = error.retries;
			return failed(error.kind === "timeout" ? "timeout" : "harness_error", describeProviderError(error), {
				error: {
					kind: error.kind,
					status: error.status,
					retryable: error.retryable,
					retry_after_ms: error.retry_after_ms,
					retries: error.retries,
				},
			});
		}
		details.retries = completion.retries;
		return {
			final: completion.text === "" ? null : completion.text,
			trace: [],
			// Latency is the model call's own time: waiting for a place under the endpoint's
			// concurrency limit is touchstone's doing, not the model's.
			telemetry: telemetryFrom([completion], completion.timing.latency_ms, entry.price),
			...attemptWarnings([completion]),
			status: "completed",
			error: null,
			runner_provenance: provenance(details),
			diff: null,
			raw: completion.raw,
		};
	} catch (error) {
		return failed("harness_error", `single-shot runner: ${error instanceof Error ? error.message : String(error)}`);
	}
}

function provenance(details: JsonObject) {
	return { runner: SINGLE_SHOT_RUNNER_ID, runner_version: SINGLE_SHOT_RUNNER_VERSION, details };
}

function describeProviderError(error: ProviderError): string {
	const retries = error.retries === 1 ? "1 retry" : `${error.retries} retries`;
	return `${error.kind} after ${retries}: ${error.message}`;
}

/**
 * The request a case input asks for, or a message listing every problem with it. Keys other
 * than the four it reads are left to plugins and graders.
 */
export function parseSingleShotInput(input: JsonObject): CompletionRequest | string {
	const problems: string[] = [];
	const { prompt, system_prompt, max_tokens, temperature } = input;
	const found = (value: unknown) => `found ${JSON.stringify(value)}`;
	if (typeof prompt !== "string" || prompt.trim() === "")
		problems.push(
			prompt === undefined
				? "input.prompt is missing: the single-shot runner needs the text to send"
				: `input.prompt: expected a non-empty string, ${found(prompt)}`,
		);
	if (system_prompt !== undefined && system_prompt !== null && typeof system_prompt !== "string")
		problems.push(`input.system_prompt: expected a string, ${found(system_prompt)}`);
	if (max_tokens !== undefined && max_tokens !== null && !(Number.isInteger(max_tokens) && (max_tokens as number) > 0))
		problems.push(`input.max_tokens: expected a positive integer, ${found(max_tokens)}`);
	if (
		temperature !== undefined &&
		temperature !== null &&
		!(typeof temperature === "number" && temperature >= 0 && temperature <= 2)
	)
		problems.push(`input.temperature: expected a number from 0 to 2, ${found(temperature)}`);
	if (problems.length > 0) return `invalid case input for the single-shot runner:\n  ${problems.join("\n  ")}`;
	const messages: ChatMessage[] = [];
	if (typeof system_prompt === "string" && system_prompt !== "")
		messages.push({ role: "system", content: system_prompt });
	messages.push({ role: "user", content: prompt as string });
	return {
		messages,
		...(typeof max_tokens === "number" ? { max_tokens } : {}),
		...(typeof temperature === "number" ? { temperature } : {}),
	};
}
