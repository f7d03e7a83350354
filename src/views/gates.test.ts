import { describe, expect, it } from "vitest";
import { evaluateGates, type Gate } from "./gates.js";
import type { Leaderboard, LeaderboardRow } from "./leaderboard.js";
import { NO_TASK_COLUMNS } from "./task-columns.js";

function row(model_id: string, figures: Partial<LeaderboardRow> = {}): LeaderboardRow {
	return {
		fidelity: "per_case",
		model_id,
		harness: "single-shot",
		sources: [],
		native_rows: 10,
		headline: 0.9,
		headline_interval: null,
		pass_rate: 0.9,
		pass_rate_interval: null,
		passed_cases: 9,
		graded_mean: null,
		graded_n: null,
		cost_usd: null,
		cost_per_case_usd: null,
		cost_per_case_interval: null,
		unknown_cost: 0,
		p50_latency_ms: null,
		p50_latency_interval: null,
		p50_ttft_ms: null,
		input_tokens: null,
		output_tokens: null,
		precision: "thorough",
		mean_confidence: null,
		cases: 10,
		samples: 10,
		harness_errors: 0,
		grader_errors: 0,
		critical_failures: 0,
		deployed: false,
		reference: false,
		delta_vs_deployed: null,
		unisolated_rows: 0,
		self_judged: false,
		self_judged_rows: 0,
		norms_mean: null,
		norms_n: 0,
		...NO_TASK_COLUMNS,
		retired: null,
		...figures,
	};
}

function board(rows: readonly LeaderboardRow[]): Leaderboard {
	return { rows } as unknown as Leaderboard;
}

const gate = (metric: Gate["metric"], minimum: number, model: string | null = null): Gate => ({
	model,
	metric,
	minimum,
});

describe("evaluateGates", () => {
	it("checks every model row against a general gate and names the rows below it", () => {
		const report = evaluateGates(board([row("a", { headline: 0.9 }), row("b", { headline: 0.6 })]), [
			gate("headline", 0.8),
		]);
		expect(report.passed).toBe(false);
		expect(report.failed).toBe(1);
		expect(report.checks.map((item) => [item.model_id, item.value, item.passed])).toEqual([
			["a", 0.9, true],
			["b", 0.6, false],
		]);
	});

	it("passes a value equal to the minimum, also when the mean lands a hair below it in floating point", () => {
		const mean = 0.7 + 0.1; // 0.7999999999999999
		expect(mean).toBeLessThan(0.8);
		const report = evaluateGates(board([row("a", { headline: mean }), row("b", { headline: 0.8 - 1e-6 })]), [
			gate("headline", 0.8),
		]);
		expect(report.checks.map((item) => item.passed)).toEqual([true, false]);
	});

	it("gates pass_rate on its own figure", () => {
		const report = evaluateGates(board([row("a", { headline: 0.95, pass_rate: 0.5 })]), [
			gate("headline", 0.9),
			gate("pass_rate", 0.75),
		]);
		expect(report.checks.map((item) => [item.metric, item.passed])).toEqual([
			["headline", true],
			["pass_rate", false],
		]);
	});

	it("leaves reference rows out of a general gate, but gates one named with MODEL:", () => {
		const rows = [row("a"), row("baseline", { reference: true, headline: 0, pass_rate: 0 })];
		expect(evaluateGates(board(rows), [gate("headline", 0.5)]).checks.map((item) => item.model_id)).toEqual(["a"]);
		const named = evaluateGates(board(rows), [gate("headline", 0.5, "baseline")]);
		expect(named.passed).toBe(false);
		expect(named.checks.map((item) => item.model_id)).toEqual(["baseline"]);
	});

	it("lets a MODEL: gate replace the general gate of the same metric for that model, not of another metric", () => {
		const rows = [row("strong", { headline: 0.95 }), row("cheap", { headline: 0.6, pass_rate: 0.4 })];
		const report = evaluateGates(board(rows), [
			gate("headline", 0.9),
			gate("headline", 0.5, "cheap"),
			gate("pass_rate", 0.5),
		]);
		expect(report.checks.map((item) => [item.model_id, item.metric, item.minimum, item.passed])).toEqual([
			["strong", "headline", 0.9, true],
			["cheap", "headline", 0.5, true],
			["strong", "pass_rate", 0.5, true],
			["cheap", "pass_rate", 0.5, false],
		]);
	});

	it("fails a row with no graded case and says why", () => {
		const report = evaluateGates(
			board([row("down", { headline: null, pass_rate: null, cases: 0, samples: 0, harness_errors: 12 })]),
			[gate("headline", 0.1)],
		);
		expect(report.passed).toBe(false);
		expect(report.checks[0]?.value).toBeNull();
		expect(report.checks[0]?.reason).toBe("no graded case: 12 harness and 0 grader errors");
	});

	it("never passes for want of rows: a gate with nothing to check falls short", () => {
		const onlyReference = evaluateGates(board([row("gold", { reference: true })]), [gate("headline", 0.5)]);
		expect(onlyReference.passed).toBe(false);
		expect(onlyReference.checks[0]).toMatchObject({ model_id: null, passed: false });
		const missing = evaluateGates(board([row("a")]), [gate("headline", 0.5, "ghost")]);
		expect(missing.checks[0]).toMatchObject({ model_id: "ghost", harness: null, passed: false });
		expect(missing.checks[0]?.reason).toContain("no row of ghost");
	});

	it("limits general gates to the models in scope (what a run ran), named ones apply anyway", () => {
		const rows = [row("ran", { headline: 0.9 }), row("earlier", { headline: 0.1 })];
		const scope = { models: new Set(["ran"]) };
		expect(evaluateGates(board(rows), [gate("headline", 0.5)], scope).passed).toBe(true);
		expect(evaluateGates(board(rows), [gate("headline", 0.5, "earlier")], scope).passed).toBe(false);
		expect(evaluateGates(board(rows), [gate("headline", 0.5)]).passed).toBe(false);
	});

	it("checks every harness of a model", () => {
		const rows = [row("m", { harness: "single-shot" }), row("m", { harness: "agent", headline: 0.2 })];
		const report = evaluateGates(board(rows), [gate("headline", 0.5, "m")]);
		expect(report.checks.map((item) => [item.harness, item.passed])).toEqual([
			["single-shot", true],
			["agent", false],
		]);
	});
});
