import type { Leaderboard, LeaderboardRow } from "../../api/types.js";

/** What a Pareto chart puts on its x axis: the cost per case or the p50 latency (both log). */
export type ParetoAxis = "cost" | "latency";

/** One row as a point of a Pareto chart, with its intervals on both axes. */
export interface ParetoPoint {
	readonly row: LeaderboardRow;
	readonly x: number;
	readonly y: number;
	/** The x interval's ends, clipped at the axis's low end (a cost interval may reach 0). */
	readonly x1: number | null;
	readonly x2: number | null;
	readonly y1: number | null;
	readonly y2: number | null;
	/**
	 * On the frontier: no other drawn row is at most as dear and at least as good (and better in
	 * one). Reference rows (baseline, gold) are drawn but never on it: they are lines, not picks.
	 */
	readonly frontier: boolean;
	readonly deployed: boolean;
	/** The decision's pick for this axis: cheapest (cost) or fastest (latency) good enough. */
	readonly chosen: boolean;
}

/** A row the log axis cannot place: its x is unknown (or a cost of $0), so it is listed, never put at 0. */
export interface OffAxisRow {
	readonly row: LeaderboardRow;
	readonly reason: string;
}

/** Everything one Pareto chart draws: the points, the rows beside the axis, the x domain and the band. */
export interface ParetoLayout {
	readonly points: readonly ParetoPoint[];
	readonly offAxis: readonly OffAxisRow[];
	readonly xDomain: readonly [number, number];
	/** The shaded band below the best headline: [best − band, best]; null without a best. */
	readonly band: readonly [number, number] | null;
}

const xOf = (row: LeaderboardRow, axis: ParetoAxis) => (axis === "cost" ? row.cost_per_case_usd : row.p50_latency_ms);
const xIntervalOf = (row: LeaderboardRow, axis: ParetoAxis) =>
	axis === "cost" ? row.cost_per_case_interval : row.p50_latency_interval;

/** Lays out one Pareto chart of a leaderboard: headline (y) against cost per case or latency (x). */
export function paretoLayout(board: Leaderboard, axis: ParetoAxis): ParetoLayout {
	const pick = axis === "cost" ? board.decision.cheapest_good_enough : board.decision.fastest_good_enough;
	const offAxis: OffAxisRow[] = [];
	const drawn: LeaderboardRow[] = [];
	for (const row of board.rows) {
		const x = xOf(row, axis);
		if (row.headline === null) offAxis.push({ row, reason: "no headline yet" });
		else if (x === null) offAxis.push({ row, reason: axis === "cost" ? "cost unknown" : "latency unknown" });
		else if (x <= 0) offAxis.push({ row, reason: axis === "cost" ? "$0 per case (off the log axis)" : "0 ms" });
		else drawn.push(row);
	}
	const positives = drawn.flatMap((row) => {
		const bounds = xIntervalOf(row, axis);
		return [xOf(row, axis) as number, ...(bounds === null ? [] : [bounds.low, bounds.high])].filter((v) => v > 0);
	});
	const low = positives.length === 0 ? 1 : Math.min(...positives) / 1.6;
	const high = positives.length === 0 ? 10 : Math.max(...positives) * 1.6;
	const points = drawn.map((row): ParetoPoint => {
		const x = xOf(row, axis) as number;
		const y = row.headline as number;
		const bounds = xIntervalOf(row, axis);
		return {
			row,
			x,
			y,
			x1: bounds === null ? null : Math.max(low, bounds.low),
			x2: bounds === null ? null : bounds.high,
			y1: row.headline_interval?.low ?? null,
			y2: row.headline_interval?.high ?? null,
			frontier: !row.reference && !drawn.some((other) => !other.reference && dominates(other, row, axis)),
			deployed: row.deployed,
			chosen: pick !== null && pick.model_id === row.model_id && pick.harness === row.harness,
		};
	});
	const best = board.decision.best?.headline ?? null;
	return {
		points,
		offAxis,
		xDomain: [low, high],
		band: best === null ? null : [Math.max(0, best - board.decision.band), best],
	};
}

/** Whether `a` dominates `b`: no dearer (slower) and no worse, and strictly better in one. */
function dominates(a: LeaderboardRow, b: LeaderboardRow, axis: ParetoAxis): boolean {
	const ax = xOf(a, axis) as number;
	const bx = xOf(b, axis) as number;
	const ay = a.headline as number;
	const by = b.headline as number;
	return ax <= bx && ay >= by && (ax < bx || ay > by);
}

/** The frontier's points from cheapest to dearest: the line the chart draws through them. */
export function frontierLine(points: readonly ParetoPoint[]): ParetoPoint[] {
	return points.filter((point) => point.frontier).sort((a, b) => a.x - b.x || a.y - b.y);
}
