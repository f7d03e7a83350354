import type { Leaderboard, LeaderboardRow } from "./leaderboard.js";

/** The figures of a leaderboard row a CI can gate on, both in 0..1. */
export const GATE_METRICS = ["headline", "pass_rate"] as const;
/** One of {@link GATE_METRICS}. */
export type GateMetric = (typeof GATE_METRICS)[number];

/** One `--fail-under`: rows whose `metric` is below `minimum` fall short. */
export interface Gate {
	/** The model it is limited to (`MODEL:METRIC=VALUE`); null for every model row. */
	readonly model: string | null;
	readonly metric: GateMetric;
	/** The lowest value that passes, in 0..1. */
	readonly minimum: number;
}

/** One gate held against one row (or against a model or leaderboard that has no row for it). */
export interface GateCheck {
	/** The row's model; null when a gate for every model found no model row at all. */
	readonly model_id: string | null;
	/** The row's harness; null when there is no row. */
	readonly harness: string | null;
	readonly metric: GateMetric;
	readonly minimum: number;
	/** The row's value of the metric; null when it has none (no graded case) or there is no row. */
	readonly value: number | null;
	readonly passed: boolean;
	/** Why a check without a value fell short; null when there is a value. */
	readonly reason: string | null;
}

/** Every gate against the rows it applies to, and whether all of them held. */
export interface GateReport {
	/** True when every check passed. Each gate makes at least one check, so no gate passes unseen. */
	readonly passed: boolean;
	readonly gates: readonly Gate[];
	/** One check per gate and row it applies to, in leaderboard order. */
	readonly checks: readonly GateCheck[];
	/** How many checks fell short. */
	readonly failed: number;
}

/** Which rows general gates apply to. */
export interface GateScope {
	/**
	 * Only the rows of these models (a run gates what it ran); every row when absent. Rows of a
	 * model named by a gate are gated by that gate whatever the scope.
	 */
	readonly models?: ReadonlySet<string> | undefined;
}

/**
 * A headline is a mean of means: 0.8 may come out as 0.7999999999999999. A value this close
 * below the minimum is taken to reach it.
 */
const TOLERANCE = 1e-9;

/**
 * Holds a leaderboard to its gates. A gate for every model applies to each model × harness row
 * in scope except the reference policies (baseline, gold: floor and ceiling lines, not models one
 * could deploy); a `MODEL:` gate applies to that model's rows, reference or not, and replaces the
 * general gate of the same metric for it. A row with no value (no graded case) falls short and
 * says why, and so does a gate that finds no row at all: a gate never passes for want of rows.
 */
export function evaluateGates(board: Leaderboard, gates: readonly Gate[], scope: GateScope = {}): GateReport {
	const named = new Set(gates.flatMap((gate) => (gate.model === null ? [] : [`${gate.model}\u0000${gate.metric}`])));
	const checks: GateCheck[] = [];
	for (const gate of gates) {
		const rows = board.rows.filter((row) =>
			gate.model === null
				? !row.reference &&
					(scope.models === undefined || scope.models.has(row.model_id)) &&
					!named.has(`${row.model_id}\u0000${gate.metric}`)
				: row.model_id === gate.model,
		);
		if (rows.length === 0) {
			checks.push({
				model_id: gate.model,
				harness: null,
				metric: gate.metric,
				minimum: gate.minimum,
				value: null,
				passed: false,
				reason:
					gate.model === null
						? "no model row to gate (the leaderboard has only reference rows, or none)"
						: `no row of ${gate.model} on this leaderboard`,
			});
			continue;
		}
		for (const row of rows) checks.push(check(row, gate));
	}
	const failed = checks.filter((item) => !item.passed).length;
	return { passed: failed === 0, gates, checks, failed };
}

function check(row: LeaderboardRow, gate: Gate): GateCheck {
	const value = gate.metric === "headline" ? row.headline : row.pass_rate;
	const identity = { model_id: row.model_id, harness: row.harness, metric: gate.metric, minimum: gate.minimum };
	if (value === null) {
		const errors = row.harness_errors + row.grader_errors;
		return {
			...identity,
			value,
			passed: false,
			reason:
				errors === 0
					? "no graded case"
					: `no graded case: ${row.harness_errors} harness and ${row.grader_errors} grader errors`,
		};
	}
	return { ...identity, value, passed: value + TOLERANCE >= gate.minimum, reason: null };
}
