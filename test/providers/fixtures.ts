import type { ModelEntry } from "../../src/contract/index.js";
import { parseScript } from "../../src/scripted-server/index.js";

/** The API key the tests send; it must never come back in anything a provider returns or throws. */
export const API_KEY = `sk-touchstone-test-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
/** The environment the providers read the key from. */
export const ENV = { SCRIPTED_API_KEY: API_KEY };

/** Every scripted model the provider tests use, one behaviour each. */
export const SCRIPT = parseScript(
	`
seed: 11
models:
  scripted/fast:
    latency_ms: 300
    ttft_ms: 100
    usage: { prompt_tokens: 40, completion_tokens: 10, cached_tokens: 8 }
    cost_usd: 0.0125
    rules:
      - when: { user: weather }
        tool_calls: [{ name: get_weather, arguments: { city: Paris } }]
      - when: { user: capital }
        reply: "Paris is the capital of France, and it has been for a long time."
      - reply: "I do not know."
  scripted/unpriced:
    latency_ms: 50
    usage: { prompt_tokens: 40, completion_tokens: 10, cached_tokens: 8 }
    rules: [{ reply: "An answer nobody billed." }]
  scripted/limited:
    faults: { rate_limit: 1, retry_after_s: 0.3 }
    rules: [{ reply: "never" }]
  scripted/flaky-limited:
    latency_ms: 20
    faults: { rate_limit: 0.5, retry_after_s: 0.25 }
    rules: [{ reply: "eventually" }]
  scripted/broken:
    faults: { server_error: 1 }
    rules: [{ reply: "never" }]
  scripted/flaky-broken:
    latency_ms: 20
    faults: { server_error: 0.5 }
    rules: [{ reply: "eventually" }]
  scripted/hang:
    faults: { hang: 1 }
    rules: [{ reply: "never" }]
  scripted/cut:
    latency_ms: 50
    faults: { cut_stream: 1 }
    rules: [{ reply: "a reply long enough to be cut in the middle of its stream" }]
  scripted/garbled:
    latency_ms: 20
    faults: { malformed: 1 }
    rules: [{ reply: "garbled" }]
`,
	"test/providers/fixtures.ts",
);

/** A model entry of the given kind pointing at the scripted server. */
export function scriptedEntry(
	provider: "openai-compatible" | "openrouter" | "anthropic",
	model: string,
	serverUrl: string,
	overrides: Partial<ModelEntry> = {},
): ModelEntry {
	return {
		id: `${provider}/${model}`,
		provider,
		model,
		display_name: model,
		role: "candidate",
		status: "active",
		tags: { family: null, weights: null, tier: null },
		price: null,
		// Anthropic entries are written as the bare host, as Anthropic documents it; the provider adds /v1.
		base_url: provider === "anthropic" ? serverUrl : `${serverUrl}/v1`,
		api_key_env: "SCRIPTED_API_KEY",
		command: null,
		options: {},
		...overrides,
	};
}

/** Asserts-friendly text of anything a provider returned or threw, to search for the key. */
export function everythingIn(value: unknown): string {
	if (value instanceof Error)
		return `${value.name} ${value.message} ${value.stack ?? ""} ${JSON.stringify(value)} ${String(value.cause)}`;
	return JSON.stringify(value);
}
