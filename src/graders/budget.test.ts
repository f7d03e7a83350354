import { describe, expect, it } from "vitest";
import { UNKNOWN_TELEMETRY } from "../contract/index.js";
import { createMaxCostGrader, createMaxLatencyGrader } from "./budget.js";
import { gradeOne } from "./testing.js";

const telemetry = (cost_usd: number | null, latency_ms: number | null) => ({
	telemetry: { ...UNKNOWN_TELEMETRY, cost_usd, latency_ms },
});

describe("max_cost_usd", () => {
	it("passes a known cost at or under the bound and fails one over it, keeping both figures", async () => {
		const grader = createMaxCostGrader({ max_cost_usd: 0.001, metric: "cheap" });
		const under = await gradeOne(grader, "ok", telemetry(0.0004, null));
		expect(under).toMatchObject({ metric: "cheap", value: 1, grader_version: "max_cost_usd@1" });
		expect(under.extras).toEqual({ cost_usd: 0.0004, max_cost_usd: 0.001 });
		expect((await gradeOne(grader, "ok", telemetry(0.001, null))).value).toBe(1);
		const over = await gradeOne(grader, "ok", telemetry(0.0012, null));
		expect(over).toMatchObject({ value: 0, value_label: "fail" });
		expect(over.reasoning).toContain("0.0012 USD > the bound 0.001 USD");
	});

	it("fails an unknown cost with the reason, never as free", async () => {
		const score = await gradeOne(createMaxCostGrader({ max_cost_usd: 0.001 }), "ok", telemetry(null, 10));
		expect(score).toMatchObject({ metric: "max_cost_usd", value: 0 });
		expect(score.reasoning).toBe("cost unknown: the provider reported none and the model has no price");
		expect(score.extras).toEqual({ cost_usd: null, max_cost_usd: 0.001 });
	});

	it("gives a harness error no credit however cheap", async () => {
		const score = await gradeOne(createMaxCostGrader({ max_cost_usd: 1 }), null, {
			...telemetry(0, 1),
			status: "harness_error",
			error: "boom",
		});
		expect(score.value).toBe(0);
		expect(score.reasoning).toContain("the harness failed");
	});

	it("refuses a bound that is not a positive finite number", () => {
		for (const bound of [0, -1, Number.POSITIVE_INFINITY, Number.NaN])
			expect(() => createMaxCostGrader({ max_cost_usd: bound })).toThrow(/options are invalid/);
	});
});

describe("max_latency_ms", () => {
	it("judges the wall time and fails an unknown one with the reason", async () => {
		const grader = createMaxLatencyGrader({ max_latency_ms: 2000, metric: "fast" });
		expect(await gradeOne(grader, "ok", telemetry(null, 1999))).toMatchObject({
			metric: "fast",
			value: 1,
			grader_version: "max_latency_ms@1",
			extras: { latency_ms: 1999, max_latency_ms: 2000 },
		});
		expect((await gradeOne(grader, "ok", telemetry(null, 2001))).value).toBe(0);
		const unknown = await gradeOne(grader, "ok", telemetry(1, null));
		expect(unknown).toMatchObject({ value: 0, extras: { latency_ms: null, max_latency_ms: 2000 } });
		expect(unknown.reasoning).toMatch(/^latency unknown/);
	});
});
