import { describe, expect, it } from "vitest";
import type { JuryVote } from "../contract/index.js";
import { jurorStandings } from "./juror-standing.js";

const vote = (juror: string, fields: JuryVote["fields"], error: string | null = null): JuryVote => ({
	juror,
	fields,
	rationale: null,
	error,
});

describe("each juror against the rest of its panel", () => {
	it("finds the juror that disagrees: yes/no against the others' majority, numbers against their mean", () => {
		const ballots = [
			[vote("a", { ok: true, score: 0.8 }), vote("b", { ok: true, score: 0.6 }), vote("c", { ok: false, score: 0.1 })],
			[vote("a", { ok: false, score: 0.2 }), vote("b", { ok: false, score: 0.4 }), vote("c", { ok: true, score: 1 })],
		];
		const [a, b, c] = jurorStandings(ballots);
		// a against {b, c}: ok is a tie both times (skipped); score |0.8-0.35| and |0.2-0.7|.
		expect(a).toMatchObject({
			juror: "a",
			votes: 2,
			failed_votes: 0,
			nominal_n: 0,
			nominal_agreement: null,
			numeric_n: 2,
		});
		expect(a?.numeric_mean_abs_difference).toBeCloseTo((0.45 + 0.5) / 2, 10);
		expect(b?.numeric_mean_abs_difference).toBeCloseTo((0.15 + 0.2) / 2, 10);
		// c against {a, b}: they agree with each other and c says the opposite both times.
		expect(c).toMatchObject({ juror: "c", nominal_n: 2, nominal_agreement: 0 });
		expect(c?.numeric_mean_abs_difference).toBeCloseTo((0.6 + 0.7) / 2, 10);
		expect(c?.nominal_interval?.low).toBe(0);
		expect(c?.nominal_interval?.high).toBeGreaterThan(0.5);
	});

	it("counts a failed vote as failed and compares nothing with it", () => {
		const ballots = [[vote("a", { ok: true }), vote("b", null, "unparsable reply"), vote("c", { ok: true })]];
		const [a, b, c] = jurorStandings(ballots);
		expect(b).toMatchObject({ votes: 1, failed_votes: 1, nominal_n: 0, numeric_n: 0 });
		expect(a).toMatchObject({ nominal_n: 1, nominal_agreement: 1 });
		expect(c).toMatchObject({ nominal_n: 1, nominal_agreement: 1 });
	});

	it("says nothing where a juror voted alone", () => {
		expect(jurorStandings([[vote("a", { ok: true, score: 1 })]])).toEqual([
			{
				juror: "a",
				votes: 1,
				failed_votes: 0,
				nominal_n: 0,
				nominal_agreement: null,
				nominal_interval: null,
				numeric_n: 0,
				numeric_mean_abs_difference: null,
			},
		]);
	});
});
