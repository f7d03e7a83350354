import { describe, expect, it } from "vitest";
import { attemptWarnings, telemetryFrom } from "./telemetry.js";

const reply = (output_tokens: number | null, billed_cost_usd: number | null) => ({
	usage: { input_tokens: 1, output_tokens, cache_tokens: null },
	billed_cost_usd,
	timing: { latency_ms: 10, ttft_ms: null, generation_ms: null },
});

describe("telemetryFrom", () => {
	it("takes a total that is no figure as unknown, not as Infinity or an unsafe integer", () => {
		const huge = telemetryFrom([reply(2 ** 52, Number.MAX_VALUE), reply(2 ** 52, Number.MAX_VALUE)], 20, null);
		expect(huge.output_tokens).toBeNull();
		expect(huge.cost_usd).toBeNull();
		const sound = telemetryFrom([reply(2, 0.5), reply(3, 0.25)], 20, null);
		expect(sound.output_tokens).toBe(5);
		expect(sound.cost_usd).toBe(0.75);
	});
});

describe("attemptWarnings", () => {
	it("keeps one reply's warnings as they are and prefixes several replies' with their turn", () => {
		expect(attemptWarnings([{}])).toEqual({});
		expect(attemptWarnings([{ warnings: ["a"] }])).toEqual({ warnings: ["a"] });
		expect(attemptWarnings([{ warnings: [] }, { warnings: ["b", "c"] }])).toEqual({
			warnings: ["turn 2: b", "turn 2: c"],
		});
	});
});
