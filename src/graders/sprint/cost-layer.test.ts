import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { SprintLogEntry, SprintUsage } from "../../contract/index.js";
import { costLayer, sprintFootprint, usageTotals } from "./cost-layer.js";
import { readSprintLog } from "./log/index.js";

const samples = join(dirname(fileURLToPath(import.meta.url)), "log", "samples");
const usage = (figures: Partial<SprintUsage>): SprintLogEntry => ({
	v: 1,
	ts: "2026-03-02T10:00:00.000Z",
	kind: "usage",
	segment: "M01",
	attempt: 1,
	role: "worker",
	source: "touchstone",
	usage: {
		input_tokens: null,
		output_tokens: null,
		cached_tokens: null,
		billed_cost_usd: null,
		priced_cost_usd: null,
		...figures,
	},
});

describe("usage totals", () => {
	it("sums a run's calls, billed cost first, then the price table, and counts the unknown ones apart", async () => {
		// The sample's three calls: billed 0.0042; priced 0.0021; no cost at all.
		const { entries } = await readSprintLog(join(samples, "touchstone-run.ndjson"));
		const totals = usageTotals(entries);
		expect(totals).toMatchObject({
			calls: 3,
			input_tokens: 1200 + 1500 + 2100,
			output_tokens: 300 + 120 + 410,
			cached_tokens: 0 + 1000,
			cost_source: "mixed",
			unknown_cost_calls: 1,
		});
		expect(totals.cost_usd).toBeCloseTo(0.0042 + 0.0021, 12);
	});

	it("prefers the billed cost over the priced one and keeps tokens no call reported unknown", () => {
		const totals = usageTotals([
			usage({ billed_cost_usd: 0.5, priced_cost_usd: 9 }),
			usage({ billed_cost_usd: 0.25, output_tokens: 7 }),
		]);
		expect(totals).toEqual({
			calls: 2,
			input_tokens: null,
			output_tokens: 7,
			cached_tokens: null,
			cost_usd: 0.75,
			cost_source: "billed",
			unknown_cost_calls: 0,
		});
		expect(usageTotals([usage({ priced_cost_usd: 0.1 })]).cost_source).toBe("price table");
		expect(usageTotals([usage({ input_tokens: 5 })])).toMatchObject({ cost_usd: null, cost_source: "unknown" });
	});
});

describe("the cost layer", () => {
	it("is a column without a cost threshold: measured, no score", () => {
		const result = costLayer([usage({ input_tokens: 10, billed_cost_usd: 0.2 })]);
		expect(result).toMatchObject({ layer: "cost", measured: true, score: null, passed: null, reason: null });
		expect(result.figures).toMatchObject({ calls: 1, cost_usd: 0.2, cost_source: "billed" });
	});

	it("scores 1 within max_cost_usd, 0 over it, and stays undecided when unknown calls could tip it", () => {
		const known = [usage({ billed_cost_usd: 0.2 }), usage({ priced_cost_usd: 0.3 })];
		expect(costLayer(known, { max_cost_usd: 0.5 }).score).toBe(1);
		expect(costLayer(known, { max_cost_usd: 0.5 }).figures).toMatchObject({ max_cost_usd: 0.5, within_max_cost: true });
		expect(costLayer(known, { max_cost_usd: 0.4 }).score).toBe(0);
		const partly = [...known, usage({ input_tokens: 100 })];
		expect(costLayer(partly, { max_cost_usd: 0.5 })).toMatchObject({ measured: true, score: null });
		expect(costLayer(partly, { max_cost_usd: 0.5 }).figures.within_max_cost).toBeNull();
		expect(costLayer(partly, { max_cost_usd: 0.4 }).score).toBe(0);
	});

	it("is not measured when no call reported anything", () => {
		for (const entries of [[], [usage({})]]) {
			const result = costLayer(entries, { max_cost_usd: 1 });
			expect(result).toMatchObject({ measured: false, score: null, reason: "no call reported usage" });
		}
	});
});

describe("a run's footprint", () => {
	it("keeps the diff, tokens, calls and wall clock, and no cost once one call's cost is unknown", async () => {
		const { entries } = await readSprintLog(join(samples, "touchstone-run.ndjson"));
		const footprint = sprintFootprint(entries, { added: 40, removed: 12, files: 3 }, 93_456.7);
		expect(footprint).toEqual({
			diff: { added: 40, removed: 12, files: 3 },
			input_tokens: 4800,
			output_tokens: 830,
			cost_usd: null,
			cost_unknown_calls: 1,
			wall_clock_s: 93.457,
			calls: 3,
		});
		const known = sprintFootprint([usage({ billed_cost_usd: 0.5 })], { added: 0, removed: 0, files: 0 }, 1000);
		expect(known).toMatchObject({ cost_usd: 0.5, cost_unknown_calls: 0, calls: 1, input_tokens: null });
		expect(sprintFootprint([], { added: 0, removed: 0, files: 0 }, 0).cost_usd).toBeNull();
	});
});
