import { describe, expect, it } from "vitest";
import {
	type Completion,
	type CompletionRequest,
	defineCase,
	type JsonObject,
	type ModelEntry,
	type Provider,
	ProviderError,
	type RunInput,
} from "../contract/index.js";
import { createSingleShotRunner, parseSingleShotInput } from "./single-shot-runner.js";

const MODEL: ModelEntry = {
	id: "m",
	provider: "openai-compatible",
	model: "gpt-test",
	display_name: "m",
	role: "candidate",
	status: "active",
	tags: { family: null, weights: null, tier: null },
	price: { input: 1, output: 2, cache_read: null },
	base_url: "http://models.test/v1",
	api_key_env: "TEST_KEY",
	command: null,
	options: {},
};

function runInput(input: JsonObject): RunInput {
	return {
		case: defineCase({
			id: "c1",
			version: "1",
			use_case_id: "u",
			kind: "floor",
			input,
			reference: null,
			threshold: 1,
			metadata: {},
		}),
		model: MODEL,
		sample_index: 0,
		harness: {},
	};
}

/** A provider that records every request and answers (or fails) as told. */
function recordingProvider(outcome: Partial<Completion> | ProviderError) {
	const requests: CompletionRequest[] = [];
	const provider: Provider = {
		specificationVersion: "v1",
		id: "openai-compatible:gpt-test",
		endpoint: "http://models.test",
		async complete(request) {
			requests.push(request);
			if (outcome instanceof ProviderError) throw outcome;
			return {
				text: "Paris",
				tool_calls: [],
				finish_reason: "stop",
				usage: { input_tokens: 1000, output_tokens: 500, cache_tokens: 0 },
				billed_cost_usd: null,
				timing: { latency_ms: 300, ttft_ms: 100, generation_ms: 200 },
				retries: 2,
				raw: { response_id: "r1" },
				...outcome,
			};
		},
	};
	return { provider, requests };
}

const signal = () => new AbortController().signal;

describe("single-shot runner", () => {
	it("sends the prompt, system prompt and sampling settings, and returns a completed attempt", async () => {
		const { provider, requests } = recordingProvider({});
		const runner = createSingleShotRunner({ providerFor: () => provider });
		const attempt = await runner.run(
			runInput({ prompt: "Capital of France?", system_prompt: "Answer in one word.", max_tokens: 20, temperature: 0 }),
			{ signal: signal() },
		);
		expect(requests).toEqual([
			{
				messages: [
					{ role: "system", content: "Answer in one word." },
					{ role: "user", content: "Capital of France?" },
				],
				max_tokens: 20,
				temperature: 0,
			},
		]);
		expect(attempt).toMatchObject({
			final: "Paris",
			trace: [],
			status: "completed",
			error: null,
			diff: null,
			raw: { response_id: "r1" },
		});
		expect(attempt.runner_provenance).toEqual({
			runner: "single-shot",
			runner_version: "1",
			details: { provider: "openai-compatible", model: "gpt-test", endpoint: "http://models.test", retries: 2 },
		});
		expect(attempt.telemetry).toMatchObject({
			input_tokens: 1000,
			output_tokens: 500,
			ttft_ms: 100,
			turns: 1,
			tokens_per_sec: 2500,
		});
		// 1,000 input at $1/M + 500 output at $2/M.
		expect(attempt.telemetry.cost_usd).toBeCloseTo(0.002, 12);
		expect(attempt.telemetry.latency_ms).toBeGreaterThanOrEqual(0);
	});

	it("sends only the user message when there is no system prompt", async () => {
		const { provider, requests } = recordingProvider({});
		await createSingleShotRunner({ providerFor: () => provider }).run(runInput({ prompt: "hi" }), { signal: signal() });
		expect(requests).toEqual([{ messages: [{ role: "user", content: "hi" }] }]);
	});

	it("turns an invalid input into a harness_error listing every problem, without calling the model", async () => {
		const { provider, requests } = recordingProvider({});
		const attempt = await createSingleShotRunner({ providerFor: () => provider }).run(
			runInput({ system_prompt: 3, max_tokens: -1, temperature: "hot" }),
			{ signal: signal() },
		);
		expect(requests).toEqual([]);
		expect(attempt.status).toBe("harness_error");
		expect(attempt.error).toContain("input.prompt is missing");
		expect(attempt.error).toContain("input.system_prompt: expected a string, found 3");
		expect(attempt.error).toContain("input.max_tokens: expected a positive integer, found -1");
		expect(attempt.error).toContain('input.temperature: expected a number from 0 to 2, found "hot"');
	});

	it("records a timed-out call as a timeout, a graded failure of the model", async () => {
		const { provider } = recordingProvider(
			new ProviderError("openai-compatible:gpt-test: no complete reply within 120 s", {
				kind: "timeout",
				retryable: true,
				retries: 3,
			}),
		);
		const attempt = await createSingleShotRunner({ providerFor: () => provider }).run(runInput({ prompt: "x" }), {
			signal: signal(),
		});
		expect(attempt).toMatchObject({ status: "timeout", final: null });
		expect(attempt.error).toBe("timeout after 3 retries: openai-compatible:gpt-test: no complete reply within 120 s");
		expect(attempt.runner_provenance.details.retries).toBe(3);
		expect(attempt.telemetry.cost_usd).toBeNull();
	});

	it.each([
		["rate-limit", 429],
		["server", 503],
		["network", null],
		["malformed", null],
		["auth", 401],
		["bad-request", 400],
	] as const)("records a %s failure as a harness_error, never the model's failure", async (kind, status) => {
		const { provider } = recordingProvider(new ProviderError(`provider: ${kind}`, { kind, status, retries: 1 }));
		const attempt = await createSingleShotRunner({ providerFor: () => provider }).run(runInput({ prompt: "x" }), {
			signal: signal(),
		});
		expect(attempt.status).toBe("harness_error");
		expect(attempt.error).toBe(`${kind} after 1 retry: provider: ${kind}`);
		expect(attempt.raw).toMatchObject({ error: { kind, status, retries: 1 } });
	});

	it("turns anything thrown (a provider that cannot be created) into a harness_error", async () => {
		const runner = createSingleShotRunner({
			providerFor: () => {
				throw new Error("TEST_KEY is not set");
			},
		});
		const attempt = await runner.run(runInput({ prompt: "x" }), { signal: signal() });
		expect(attempt).toMatchObject({ status: "harness_error", error: "single-shot runner: TEST_KEY is not set" });
	});

	it("keeps an empty reply as a null final, still completed", async () => {
		const { provider } = recordingProvider({ text: "" });
		const attempt = await createSingleShotRunner({ providerFor: () => provider }).run(runInput({ prompt: "x" }), {
			signal: signal(),
		});
		expect(attempt).toMatchObject({ status: "completed", final: null });
	});
});

describe("parseSingleShotInput", () => {
	it("accepts null for the optional keys and ignores keys it does not read", () => {
		expect(
			parseSingleShotInput({ prompt: "p", system_prompt: null, max_tokens: null, temperature: null, extra: 1 }),
		).toEqual({
			messages: [{ role: "user", content: "p" }],
		});
	});

	it("refuses a blank prompt and a fractional max_tokens", () => {
		expect(parseSingleShotInput({ prompt: "  ", max_tokens: 1.5 })).toBe(
			'invalid case input for the single-shot runner:\n  input.prompt: expected a non-empty string, found "  "\n  input.max_tokens: expected a positive integer, found 1.5',
		);
	});
});
