import { describe, expect, it } from "vitest";
import type { CompletionUsage, TaskBudget } from "../../contract/index.js";
import { BudgetMeter } from "./budget-meter.js";

const BUDGET: TaskBudget = { turns: 3, tokens: null, timeout_s: 10, cost_usd: null };
const reply = (usage: Partial<CompletionUsage>, billed_cost_usd: number | null = null) => ({
	usage: { input_tokens: null, output_tokens: null, cache_tokens: null, ...usage },
	billed_cost_usd,
});

describe("BudgetMeter", () => {
	it("allows as many model calls as the turn budget, then names it", () => {
		const meter = new BudgetMeter(BUDGET, null);
		for (let turn = 0; turn < 3; turn++) {
			expect(meter.beforeCall(0)).toBeNull();
			expect(meter.afterReply(reply({}))).toBeNull();
		}
		expect(meter.beforeCall(0)).toEqual({
			budget: "turns",
			message: "turn budget used up: 3 of 3 turns taken without calling done",
		});
	});

	it("refuses a call once the wall time is used up, and says how much is left before", () => {
		const meter = new BudgetMeter(BUDGET, null);
		expect(meter.timeLeftMs(2_500)).toBe(7_500);
		expect(meter.beforeCall(10_000)?.budget).toBe("wall_time");
	});

	it("counts input plus output tokens over turns and flags the reply that overspends", () => {
		const meter = new BudgetMeter({ ...BUDGET, tokens: 250 }, null);
		expect(meter.afterReply(reply({ input_tokens: 100, output_tokens: 20 }))).toBeNull();
		expect(meter.afterReply(reply({ input_tokens: 110, output_tokens: 20 }))).toBeNull();
		expect(meter.afterReply(reply({ input_tokens: 1, output_tokens: 0 }))?.message).toBe(
			"token budget exceeded: 251 tokens used of 250 (input + output over 3 turns)",
		);
	});

	it("binds the cost budget on known costs: billed, else priced", () => {
		const meter = new BudgetMeter({ ...BUDGET, cost_usd: 0.05 }, { input: 10, output: 10, cache_read: null });
		expect(meter.afterReply(reply({}, 0.03))).toBeNull();
		// Unknown tokens and no bill: unknown cost, which cannot prove the budget spent.
		expect(meter.afterReply(reply({}))).toBeNull();
		expect(meter.afterReply(reply({ input_tokens: 2000, output_tokens: 1000 }))).toEqual({
			budget: "cost",
			message: "cost budget exceeded: $0.0600 spent of $0.05",
		});
	});
});

describe("BudgetMeter output", () => {
	it("bounds the bytes of replies and tool-call arguments over the whole attempt, not per reply", () => {
		const meter = new BudgetMeter(BUDGET, null, 100);
		const call = { id: "c1", name: "write_file", arguments: { path: "a.txt", content: "é".repeat(10) } };
		// 40 bytes of text, then 49 bytes of arguments (each é is two): 89, under the bound.
		expect(meter.afterReply({ ...reply({}), text: "x".repeat(40), tool_calls: [] })).toBeNull();
		expect(meter.afterReply({ ...reply({}), text: "", tool_calls: [call] })).toBeNull();
		// Each reply alone is small; together they pass it.
		expect(meter.afterReply({ ...reply({}), text: "y".repeat(12), tool_calls: [] })).toEqual({
			budget: "output",
			message:
				"output budget exceeded: 101 bytes of replies and tool-call arguments over 3 turns, past 100 (options.max_output_bytes)",
		});
	});

	it("has no output bound when none is given", () => {
		const meter = new BudgetMeter(BUDGET, null);
		expect(meter.afterReply({ ...reply({}), text: "x".repeat(10_000), tool_calls: [] })).toBeNull();
	});
});
