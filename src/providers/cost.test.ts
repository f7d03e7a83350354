import { describe, expect, it } from "vitest";
import type { Completion, CompletionUsage, ModelPrice } from "../contract/index.js";
import { costOf } from "./cost.js";
import { telemetryFrom } from "./telemetry.js";

const PRICE: ModelPrice = { input: 3, output: 15, cache_read: 0.3 };
const usage = (input_tokens: number | null, output_tokens: number | null, cache_tokens: number | null = 0) => ({
	input_tokens,
	output_tokens,
	cache_tokens,
});

describe("costOf", () => {
	it("prefers the billed cost the provider reported", () => {
		expect(costOf({ usage: usage(1_000_000, 1_000_000), billed_cost_usd: 0.42 }, PRICE)).toBe(0.42);
		expect(costOf({ usage: usage(null, null), billed_cost_usd: 0.42 }, null)).toBe(0.42);
	});

	it("prices input, cached input and output per million tokens", () => {
		// 1,000 uncached input at $3/M, 1,000 cached at $0.30/M, 500 output at $15/M.
		expect(costOf({ usage: usage(2000, 500, 1000), billed_cost_usd: null }, PRICE)).toBeCloseTo(
			0.003 + 0.0003 + 0.0075,
			12,
		);
	});

	it("charges cached tokens as input when the price has no cache_read", () => {
		const price = { ...PRICE, cache_read: null };
		expect(costOf({ usage: usage(2000, 0, 1000), billed_cost_usd: null }, price)).toBeCloseTo(0.006, 12);
	});

	it("charges unknown cache tokens as uncached input", () => {
		expect(costOf({ usage: usage(1000, 0, null), billed_cost_usd: null }, PRICE)).toBeCloseTo(0.003, 12);
	});

	it("is unknown (null, never 0) without a billed cost or a price", () => {
		expect(costOf({ usage: usage(1000, 1000), billed_cost_usd: null }, null)).toBeNull();
	});

	it("is unknown when the tokens to price are unknown", () => {
		expect(costOf({ usage: usage(null, 10), billed_cost_usd: null }, PRICE)).toBeNull();
		expect(costOf({ usage: usage(10, null), billed_cost_usd: null }, PRICE)).toBeNull();
	});

	it("is 0 for a model priced at zero, even without token counts (a local command)", () => {
		expect(
			costOf({ usage: usage(null, null, null), billed_cost_usd: null }, { input: 0, output: 0, cache_read: null }),
		).toBe(0);
	});
});

function call(partial: {
	usage?: CompletionUsage;
	billed?: number | null;
	ttft?: number | null;
	generation?: number | null;
}) {
	const completion: Pick<Completion, "usage" | "billed_cost_usd" | "timing"> = {
		usage: partial.usage ?? usage(100, 50, 10),
		billed_cost_usd: partial.billed === undefined ? null : partial.billed,
		timing: {
			latency_ms: 500,
			ttft_ms: partial.ttft === undefined ? 100 : partial.ttft,
			generation_ms: partial.generation === undefined ? 400 : partial.generation,
		},
	};
	return completion;
}

describe("telemetryFrom", () => {
	it("sums tokens and cost over calls and takes the first call's time to first token", () => {
		const telemetry = telemetryFrom([call({ billed: 0.01, ttft: 120 }), call({ billed: 0.02, ttft: 80 })], 1234, null);
		expect(telemetry).toMatchObject({
			input_tokens: 200,
			output_tokens: 100,
			cache_tokens: 20,
			latency_ms: 1234,
			ttft_ms: 120,
			turns: 2,
		});
		expect(telemetry.cost_usd).toBeCloseTo(0.03, 12);
	});

	it("measures tokens per second over the generation phases only", () => {
		const telemetry = telemetryFrom([call({ generation: 500 }), call({ generation: 500 })], 5000, null);
		expect(telemetry.tokens_per_sec).toBe(100);
	});

	it("makes the total cost unknown when one call's cost is unknown", () => {
		const telemetry = telemetryFrom([call({ billed: 0.01 }), call({ billed: null })], 10, null);
		expect(telemetry.cost_usd).toBeNull();
	});

	it("propagates unknown tokens", () => {
		const telemetry = telemetryFrom([call({}), call({ usage: usage(5, null, null) })], 10, PRICE);
		expect(telemetry).toMatchObject({
			input_tokens: 105,
			output_tokens: null,
			cache_tokens: null,
			tokens_per_sec: null,
			cost_usd: null,
		});
	});

	it("has no rate when nothing was streamed", () => {
		expect(telemetryFrom([call({ ttft: null, generation: null })], 10, null)).toMatchObject({
			ttft_ms: null,
			tokens_per_sec: null,
		});
	});

	it("knows only the wall time when no call succeeded", () => {
		expect(telemetryFrom([], 10, PRICE)).toEqual({
			cost_usd: null,
			latency_ms: 10,
			ttft_ms: null,
			input_tokens: null,
			output_tokens: null,
			cache_tokens: null,
			tokens_per_sec: null,
			turns: 0,
		});
	});
});
