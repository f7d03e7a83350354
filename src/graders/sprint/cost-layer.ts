import type { JsonObject, SprintFootprint, SprintLayerResult, SprintLogEntry } from "../../contract/index.js";

/** Version of the cost layer's figures and score; kept with every result. */
export const COST_LAYER_VERSION = "1";

/** Where a run's known cost came from: every priced call billed, every one from the price table, both, or none known. */
export const COST_SOURCES = ["billed", "price table", "mixed", "unknown"] as const;
export type CostSource = (typeof COST_SOURCES)[number];

/** What a log's model calls used and cost, summed over its `usage` entries. */
export interface UsageTotals {
	/** Model calls (`usage` entries). */
	readonly calls: number;
	/** Sums over the calls that reported them; null when none did. */
	readonly input_tokens: number | null;
	readonly output_tokens: number | null;
	readonly cached_tokens: number | null;
	/** USD of the calls whose cost is known (billed, else priced); null when none is known. */
	readonly cost_usd: number | null;
	readonly cost_source: CostSource;
	/** Calls with neither a billed nor a priced cost: `cost_usd` leaves them out. */
	readonly unknown_cost_calls: number;
}

/**
 * Sums a log's `usage` entries. Each call's cost is what the provider billed when it said, else
 * its price-table cost, else unknown: an unknown cost is counted in `unknown_cost_calls`, never
 * as 0, and `cost_usd` is the sum of the known ones.
 */
export function usageTotals(entries: readonly SprintLogEntry[]): UsageTotals {
	let calls = 0;
	const tokens = { input: null as number | null, output: null as number | null, cached: null as number | null };
	const add = (sum: number | null, value: number | null) => (value === null ? sum : (sum ?? 0) + value);
	let cost: number | null = null;
	let billed = 0;
	let priced = 0;
	let unknown = 0;
	for (const entry of entries) {
		if (entry.kind !== "usage" || entry.usage === undefined) continue;
		const usage = entry.usage;
		calls += 1;
		tokens.input = add(tokens.input, usage.input_tokens);
		tokens.output = add(tokens.output, usage.output_tokens);
		tokens.cached = add(tokens.cached, usage.cached_tokens);
		if (usage.billed_cost_usd !== null) {
			billed += 1;
			cost = add(cost, usage.billed_cost_usd);
		} else if (usage.priced_cost_usd !== null) {
			priced += 1;
			cost = add(cost, usage.priced_cost_usd);
		} else unknown += 1;
	}
	const source: CostSource =
		billed > 0 && priced > 0 ? "mixed" : billed > 0 ? "billed" : priced > 0 ? "price table" : "unknown";
	return {
		calls,
		input_tokens: tokens.input,
		output_tokens: tokens.output,
		cached_tokens: tokens.cached,
		cost_usd: cost,
		cost_source: source,
		unknown_cost_calls: unknown,
	};
}

/**
 * Seed 002's cost layer: the run's tokens and USD as figures. Cost is a column beside the score,
 * not a weighted part of it, so the score is null, unless the sprint sets
 * `thresholds.max_cost_usd`: then it is 1 when the run's cost is within it and 0 when it is over
 * (over as soon as the known cost alone is; null, undecided, when the known cost is within but
 * some call's cost is unknown). A log where no call reported any figure is not measured.
 */
export function costLayer(
	entries: readonly SprintLogEntry[],
	thresholds: Readonly<Record<string, number>> = {},
): SprintLayerResult {
	const totals = usageTotals(entries);
	const reported = entries.some(
		(entry) =>
			entry.kind === "usage" && entry.usage !== undefined && Object.values(entry.usage).some((v) => v !== null),
	);
	if (!reported)
		return {
			layer: "cost",
			measured: false,
			score: null,
			passed: null,
			reason: "no call reported usage",
			figures: { ...totals },
			version: COST_LAYER_VERSION,
		};
	const max = thresholds.max_cost_usd;
	let score: number | null = null;
	const figures: JsonObject = { ...totals };
	if (max !== undefined) {
		const known = totals.cost_usd ?? 0;
		score = known > max ? 0 : totals.unknown_cost_calls > 0 ? null : 1;
		figures.max_cost_usd = max;
		figures.within_max_cost = score === null ? null : score === 1;
	}
	return { layer: "cost", measured: true, score, passed: null, reason: null, figures, version: COST_LAYER_VERSION };
}

/**
 * What a run cost and changed, whatever its outcome (the row of a failed run): the branch's diff
 * size, the tokens and cost of every call, and the wall clock. `cost_usd` is null as soon as one
 * call's cost is unknown (`cost_unknown_calls` says how many), and when the log has no call.
 */
export function sprintFootprint(
	entries: readonly SprintLogEntry[],
	diff: SprintFootprint["diff"],
	wallMs: number,
): SprintFootprint {
	const totals = usageTotals(entries);
	return {
		diff: { added: diff.added, removed: diff.removed, files: diff.files },
		input_tokens: totals.input_tokens,
		output_tokens: totals.output_tokens,
		cost_usd: totals.unknown_cost_calls > 0 || totals.calls === 0 ? null : totals.cost_usd,
		cost_unknown_calls: totals.unknown_cost_calls,
		wall_clock_s: Math.round(wallMs) / 1000,
		calls: totals.calls,
	};
}
