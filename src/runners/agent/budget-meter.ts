import type { Completion, ModelPrice, TaskBudget } from "../../contract/index.js";
import { costOf } from "../../providers/index.js";

/** The budgets an attempt can run out of; the one that did is named in the attempt's error. */
export const BUDGET_KINDS = ["turns", "tokens", "wall_time", "cost", "output"] as const;
/** One of {@link BUDGET_KINDS}. */
export type BudgetKind = (typeof BUDGET_KINDS)[number];

/** A budget that ran out: which one, and a sentence saying so. */
export interface BudgetExhausted {
	readonly budget: BudgetKind;
	readonly message: string;
}

const count = (value: number) => value.toLocaleString("en-US");

/**
 * Counts what an attempt spends against its budget. Turns and wall time are checked before each
 * model call; tokens and cost after each reply, so a reply that overspends ends the attempt before
 * its tool calls run (work bought past the budget earns nothing). Tokens are input plus output
 * over every turn; a turn whose counts the provider did not report adds nothing it does not know.
 * Cost counts only turns whose cost is known, so a budget binds as soon as the known part exceeds it.
 * Output is the UTF-8 bytes of every reply's text and tool-call arguments over the attempt, bound
 * by the entry's `options.max_output_bytes` (which also cuts each reply): each reply is capped as
 * it is read, and the attempt as a whole may not hold more, whatever its number of turns.
 */
export class BudgetMeter {
	readonly #budget: TaskBudget;
	readonly #price: ModelPrice | null;
	readonly #maxOutputBytes: number | null;
	#turns = 0;
	#outputBytes = 0;
	#tokens = 0;
	#knownCost = 0;

	constructor(budget: TaskBudget, price: ModelPrice | null, maxOutputBytes: number | null = null) {
		this.#budget = budget;
		this.#price = price;
		this.#maxOutputBytes = maxOutputBytes;
	}

	/** Model calls made so far. */
	get turns(): number {
		return this.#turns;
	}

	/** Input plus output tokens reported so far. */
	get tokens(): number {
		return this.#tokens;
	}

	/** Milliseconds of the wall-time budget left after `elapsedMs`. */
	timeLeftMs(elapsedMs: number): number {
		return this.#budget.timeout_s * 1000 - elapsedMs;
	}

	/** The budget that forbids another model call, or null when one may be made. */
	beforeCall(elapsedMs: number): BudgetExhausted | null {
		if (this.#turns >= this.#budget.turns)
			return {
				budget: "turns",
				message: `turn budget used up: ${count(this.#turns)} of ${count(this.#budget.turns)} turns taken without calling done`,
			};
		if (this.timeLeftMs(elapsedMs) <= 0) return this.wallTimeExhausted();
		return null;
	}

	/** The wall-time budget's message. */
	wallTimeExhausted(): BudgetExhausted {
		return { budget: "wall_time", message: `wall-time budget used up: ${this.#budget.timeout_s} s` };
	}

	/** Counts one reply; returns the budget it overspent, or null. */
	afterReply(
		completion: Pick<Completion, "usage" | "billed_cost_usd"> & Partial<Pick<Completion, "text" | "tool_calls">>,
	): BudgetExhausted | null {
		this.#turns += 1;
		this.#outputBytes += Buffer.byteLength(completion.text ?? "");
		for (const call of completion.tool_calls ?? [])
			this.#outputBytes += Buffer.byteLength(JSON.stringify(call.arguments));
		if (this.#maxOutputBytes !== null && this.#outputBytes > this.#maxOutputBytes)
			return {
				budget: "output",
				message: `output budget exceeded: ${count(this.#outputBytes)} bytes of replies and tool-call arguments over ${count(this.#turns)} turns, past ${count(this.#maxOutputBytes)} (options.max_output_bytes)`,
			};
		this.#tokens += (completion.usage.input_tokens ?? 0) + (completion.usage.output_tokens ?? 0);
		this.#knownCost += costOf(completion, this.#price) ?? 0;
		const { tokens, cost_usd } = this.#budget;
		if (tokens !== null && this.#tokens > tokens)
			return {
				budget: "tokens",
				message: `token budget exceeded: ${count(this.#tokens)} tokens used of ${count(tokens)} (input + output over ${count(this.#turns)} turns)`,
			};
		if (cost_usd !== null && this.#knownCost > cost_usd)
			return {
				budget: "cost",
				message: `cost budget exceeded: $${this.#knownCost.toFixed(4)} spent of $${cost_usd}`,
			};
		return null;
	}
}
