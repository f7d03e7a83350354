import { describe, expect, it } from "vitest";
import type { Leaderboard, LeaderboardRow } from "../../api/types.js";
import { costText } from "./leaderboard-columns.js";
import { frontierLine, paretoLayout } from "./pareto-points.js";

function row(model_id: string, headline: number | null, cost: number | null, figures: Partial<LeaderboardRow> = {}) {
	return {
		model_id,
		harness: "single-shot",
		headline,
		headline_interval: headline === null ? null : { low: headline - 0.05, high: Math.min(1, headline + 0.05) },
		cost_per_case_usd: cost,
		cost_per_case_interval: cost === null ? null : { low: 0, high: cost * 2 },
		unknown_cost: 0,
		p50_latency_ms: 100,
		p50_latency_interval: null,
		deployed: false,
		reference: false,
		...figures,
	} as LeaderboardRow;
}

function board(rows: LeaderboardRow[], cheapest: string | null): Leaderboard {
	const pick = (model_id: string | null) =>
		model_id === null
			? null
			: {
					model_id,
					harness: "single-shot",
					headline: 0,
					cost_per_case_usd: 0,
					p50_latency_ms: 0,
					precision: "thorough",
				};
	return {
		rows,
		decision: {
			band: 0.05,
			best: { ...pick("best"), headline: 0.9 },
			cheapest_good_enough: pick(cheapest),
			fastest_good_enough: null,
		},
	} as unknown as Leaderboard;
}

describe("the Pareto chart's layout", () => {
	const rows = [
		row("best", 0.9, 0.01, { deployed: true }),
		row("mid", 0.88, 0.001),
		row("worse-and-dearer", 0.5, 0.02),
		row("cheap", 0.3, 0.0001),
		row("unpriced", 0.95, null),
		row("gold", 1, 0, { reference: true }),
		row("ungraded", null, 0.001),
	];
	const layout = paretoLayout(board(rows, "mid"), "cost");

	it("never draws an unknown or $0 cost at the axis: it lists those rows with the reason", () => {
		expect(layout.points.map((point) => point.row.model_id).sort()).toEqual([
			"best",
			"cheap",
			"mid",
			"worse-and-dearer",
		]);
		expect(layout.offAxis.map(({ row, reason }) => [row.model_id, reason])).toEqual([
			["unpriced", "cost unknown"],
			["gold", "$0 per case (off the log axis)"],
			["ungraded", "no headline yet"],
		]);
		// A cost interval reaching 0 is clipped at the log axis's low end, which is below every point.
		const [low] = layout.xDomain;
		expect(low).toBeGreaterThan(0);
		expect(low).toBeLessThan(0.0001);
		expect(layout.points.every((point) => (point.x1 ?? 1) >= low)).toBe(true);
	});

	it("draws the frontier through the rows nothing cheaper beats, cheapest first", () => {
		expect(frontierLine(layout.points).map((point) => point.row.model_id)).toEqual(["cheap", "mid", "best"]);
		expect(layout.points.find((point) => point.row.model_id === "worse-and-dearer")?.frontier).toBe(false);
	});

	it("shades the band below the best and marks the deployed and the chosen", () => {
		expect(layout.band?.[0]).toBeCloseTo(0.85, 12);
		expect(layout.band?.[1]).toBe(0.9);
		expect(layout.points.filter((point) => point.deployed).map((point) => point.row.model_id)).toEqual(["best"]);
		expect(layout.points.filter((point) => point.chosen).map((point) => point.row.model_id)).toEqual(["mid"]);
	});
});

describe("the cost per case's words", () => {
	it("says unknown as ?, a lower bound as ≥, and never $0 for unknown", () => {
		expect(costText(row("a", 0.5, null)).text).toBe("?");
		expect(costText(row("b", 0.5, 0.002, { unknown_cost: 3 }))).toEqual({
			text: "≥ $0.002",
			title: "a lower bound: 3 rows' costs are unknown",
		});
		expect(costText(row("c", 0.5, 0.002)).text).toBe("$0.002");
	});
});
