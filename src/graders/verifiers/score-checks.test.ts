import { describe, expect, it } from "vitest";
import { scoreChecks } from "./score-checks.js";

describe("scoreChecks", () => {
	it("takes the weighted mean, true as 1 and false as 0, unlisted checks weighing 1", () => {
		const scored = scoreChecks({ chart: true, refusal: false, citation: 0.5 }, { weights: { chart: 2 }, critical: [] });
		expect(scored).toEqual({ ok: true, value: 2.5 / 4, weighted_mean: 2.5 / 4, critical_failed: [] });
	});

	it("zeroes the score when a critical check is false or 0, keeping the mean it had", () => {
		const scored = scoreChecks(
			{ chart: true, no_forbidden_edit: false, leak: 0 },
			{ weights: {}, critical: ["no_forbidden_edit", "leak"] },
		);
		expect(scored).toEqual({
			ok: true,
			value: 0,
			weighted_mean: 1 / 3,
			critical_failed: ["no_forbidden_edit", "leak"],
		});
		expect(scoreChecks({ a: 0.2 }, { weights: {}, critical: ["a"] })).toMatchObject({
			value: 0.2,
			critical_failed: [],
		});
	});

	it("refuses weights or critical checks naming a check the script did not print, and weights summing to 0", () => {
		expect(scoreChecks({ a: true }, { weights: { b: 1 }, critical: ["c"] })).toEqual({
			ok: false,
			problem: "the script did not print the checks b, c that the task weighs or marks critical",
		});
		expect(scoreChecks({ a: true }, { weights: { a: 0 }, critical: [] })).toMatchObject({
			ok: false,
			problem: /sum to 0/,
		});
	});
});
