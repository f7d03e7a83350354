import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTemporaryStore, type TemporaryStore } from "../src/store/index.js";
import {
	type CalibrationReport,
	calibrateUseCase,
	calibrationInput,
	OWNER_LABEL_RATINGS,
	ownerVerdict,
} from "../src/views/index.js";
import {
	calibrationDocument,
	failedVote,
	freezeDocument,
	recordFixtureRun,
	USE_CASE,
	VERSION,
	vote,
} from "./calibration-fixture.js";

const bootstrap = { samples: 1000, seed: 11 };
let temporary: TemporaryStore;
let ids: Record<string, string>;

/*
 * Six owner-rated current runs (owner, jury, case threshold, critical gate):
 *   R1 c1/m1  ship 1.0        jury 0.90  ≥ 0.7 pass
 *   R2 c1/m2  reject 0.2      jury 0.30  < 0.7 fail   gate tripped
 *   R3 c2/m1  edit 0.6        jury 0.80  ≥ 0.7 pass
 *   R4 c2/m2  0.3 (rated ship first, then 0.3: the latest counts)   jury 0.75 ≥ 0.7 pass
 *   R5 c3/m1  0.9             jury 0.60  ≥ 0.5 pass
 *   R6 c3/m2  reject 0.2      jury 0.40  < 0.5 fail   gate tripped
 * Left out: R7 (current, unrated), R8 (rated, no headline: grader error), R9 (rated, stale).
 */
beforeEach(() => {
	temporary = openTemporaryStore();
	const { store } = temporary;
	const document = calibrationDocument();
	freezeDocument(store, VERSION, document);
	const record = (run: Parameters<typeof recordFixtureRun>[3]) => recordFixtureRun(store, VERSION, document, run);
	ids = {
		R1: record({
			caseId: "c1",
			modelId: "m1",
			headline: 0.9,
			votes: [vote("j1", 0.8, true), vote("j2", 1.0, true), vote("j3", 0.9, true)],
		}),
		R2: record({
			caseId: "c1",
			modelId: "m2",
			headline: 0.3,
			critical: true,
			votes: [vote("j1", 0.2, true), vote("j2", 0.4, false), failedVote("j3")],
		}),
		R3: record({
			caseId: "c2",
			modelId: "m1",
			headline: 0.8,
			votes: [vote("j1", 0.6, false), vote("j2", 0.6, false), vote("j3", 0.6, true)],
		}),
		R4: record({
			caseId: "c2",
			modelId: "m2",
			headline: 0.75,
			votes: [vote("j1", 1.0, true), failedVote("j2"), failedVote("j3")],
		}),
		R5: record({ caseId: "c3", modelId: "m1", headline: 0.6 }),
		R6: record({ caseId: "c3", modelId: "m2", headline: 0.4, critical: true }),
		R7: record({
			caseId: "c1",
			modelId: "m1",
			sampleIndex: 1,
			headline: 0.7,
			votes: [vote("j1", 0.6, false), vote("j2", 0.6, false), vote("j3", 0.6, false)],
		}),
		R8: record({ caseId: "c2", modelId: "m1", sampleIndex: 1, headline: null }),
		R9: record({
			caseId: "c3",
			modelId: "m1",
			headline: 0.1,
			stale: true,
			votes: [vote("j1", 0, true), vote("j2", 1, false), vote("j3", 0.5, true)],
		}),
	};
	const rate = (run: string, rating: number, label: "ship" | "edit" | "reject" | null = null) =>
		store.addOwnerRating({ run_id: ids[run] as string, rating, label, note: null });
	rate("R1", 1.0, "ship");
	rate("R2", 0.2, "reject");
	rate("R3", 0.6, "edit");
	rate("R4", 1.0, "ship");
	rate("R4", 0.3);
	rate("R5", 0.9);
	rate("R6", 0.2, "reject");
	rate("R8", 1.0, "ship");
	rate("R9", 0.2, "reject");
});

afterEach(() => temporary.remove());

function calibrate(options: { benchmarkVersion?: string; seed?: number } = {}): CalibrationReport {
	return calibrateUseCase(temporary.store, USE_CASE, {
		benchmarkVersion: options.benchmarkVersion,
		bootstrap: { ...bootstrap, seed: options.seed ?? bootstrap.seed },
	});
}

describe("calibrateUseCase over a real store", () => {
	it("compares the latest owner rating of each rated current run with its jury headline", () => {
		const report = calibrate();
		expect(report.benchmark_version).toBe(VERSION);
		expect(report.headline_metric).toBe("composite");
		expect(report.n).toBe(6);
		expect(report.scope).toEqual({ current_runs: 8, unrated: 1, rated_without_headline: 1, rated_not_current: 1 });
		expect(
			report.items.map((item) => [item.run_id, item.owner, item.jury, item.jury_pass, item.critical_failure]),
		).toEqual([
			[ids.R1, 1.0, 0.9, true, false],
			[ids.R2, 0.2, 0.3, false, true],
			[ids.R3, 0.6, 0.8, true, false],
			[ids.R4, 0.3, 0.75, true, false],
			[ids.R5, 0.9, 0.6, true, false],
			[ids.R6, 0.2, 0.4, false, true],
		]);
		const r4 = report.items[3];
		expect(r4).toMatchObject({ case_id: "c2", model_id: "m2", owner_label: null, owner_verdict: "reject" });
		expect(r4?.delta).toBeCloseTo(0.45, 12);
		expect(report.items[4]).toMatchObject({ threshold: 0.5, owner_verdict: "ship" });
	});

	it("computes every figure as by hand", () => {
		const report = calibrate();
		// deltas jury − owner: −0.1, +0.1, +0.2, +0.45, −0.3, +0.2
		// MAD = (0.1 + 0.1 + 0.2 + 0.45 + 0.3 + 0.2) / 6 = 1.35 / 6 = 0.225; agreement = 0.775
		expect(report.mean_absolute_delta.value).toBeCloseTo(0.225, 12);
		expect(report.agreement.value).toBeCloseTo(0.775, 12);
		// bias = (−0.1 + 0.1 + 0.2 + 0.45 − 0.3 + 0.2) / 6 = 0.55 / 6 = 0.0916666667
		expect(report.signed_bias.value).toBeCloseTo(0.0916666667, 9);
		// RMSE = √((0.01 + 0.01 + 0.04 + 0.2025 + 0.09 + 0.04) / 6) = √(0.3925 / 6) = 0.2557668209
		expect(report.rmse.value).toBeCloseTo(0.2557668209, 9);
		// jury ranks [6, 1, 5, 4, 3, 2]; owner ranks [6, 1.5, 4, 3, 5, 1.5] (0.2 tied); means 3.5
		// Σdd = 6.25 + 5 + 0.75 − 0.25 − 0.75 + 3 = 14; Σdj² = 17.5; Σdo² = 17; ρ = 14 / √297.5 = 0.8116794499
		expect(report.spearman.value).toBeCloseTo(0.8116794499, 9);
		// jury mean 3.75 / 6 = 0.625, owner mean 3.2 / 6 = 0.5333; Σ(j − j̄)(o − ō) = 2.285 − 6·0.625·0.5333 = 0.285
		// Σ(j − j̄)² = 2.6225 − 2.34375 = 0.27875; Σ(o − ō)² = 2.34 − 1.70667 = 0.63333; n(j̄ − ō)² = 6 · 0.0916667² = 0.0504167
		// ρc = 2 · 0.285 / (0.27875 + 0.63333 + 0.0504167) = 0.57 / 0.9625 = 0.5922077922
		expect(report.lin_concordance.value).toBeCloseTo(0.5922077922, 9);
		// ship/reject only (R3, edit, left out): owner ship R1 R5, reject R2 R4 R6; jury pass R1 R4 R5
		// agree on R1 R5 (ship, pass) and R2 R6 (reject, fail): p_o = 4/5; p_e = 0.4 · 0.6 + 0.6 · 0.4 = 0.48
		// κ = (0.8 − 0.48) / 0.52 = 0.6153846154
		expect(report.cohen_kappa).toMatchObject({ n: 5 });
		expect(report.cohen_kappa.value).toBeCloseTo(0.6153846154, 9);
		// rejected R2 R4 R6; the gate tripped on R2 and R6: 2/3
		expect(report.gate_catch_rate).toMatchObject({ n: 3, interval: null });
		expect(report.gate_catch_rate.value).toBeCloseTo(2 / 3, 12);
		expect(report.gate_catch_rate.interval_reason).toContain("n = 3 is below 5");
		for (const figure of [report.mean_absolute_delta, report.rmse, report.spearman, report.lin_concordance])
			expect(figure.n).toBe(6);
	});

	it("gives deterministic bootstrap intervals from n ≥ 5, mirrored between MAD and agreement", () => {
		const report = calibrate();
		const mad = report.mean_absolute_delta.interval;
		// every resample's MAD is a mean of |delta| ∈ {0.1, 0.2, 0.3, 0.45}
		expect(mad?.low).toBeGreaterThanOrEqual(0.1);
		expect(mad?.high).toBeLessThanOrEqual(0.45);
		expect(mad?.low).toBeLessThan(0.225);
		expect(mad?.high).toBeGreaterThan(0.225);
		expect(report.agreement.interval?.low).toBeCloseTo(1 - (mad?.high ?? 0), 12);
		expect(report.agreement.interval?.high).toBeCloseTo(1 - (mad?.low ?? 0), 12);
		expect(report.cohen_kappa.interval).not.toBeNull();
		expect(calibrate()).toEqual(report);
		expect(calibrate({ seed: 12 }).lin_concordance.interval).not.toEqual(report.lin_concordance.interval);
	});

	it("measures juror agreement per field over the current runs' votes, rated or not, once per run", () => {
		const { jurors } = calibrate();
		// R1 R2 R3 R4 R7 have votes (R9's are stale); R2 has one failed vote and R4 two.
		expect(jurors).toMatchObject({ ids: ["j1", "j2", "j3"], runs_with_votes: 5, votes: 15, failed_votes: 3 });
		expect(jurors.unreadable_artifacts).toBe(0);
		const [faithfulness, hallucination] = jurors.fields;
		// faithfulness, interval; R4 has one valid value and drops out:
		// units [0.8, 1.0, 0.9], [0.2, 0.4], [0.6, 0.6, 0.6], [0.6, 0.6, 0.6]; n = 11
		// within = 2·0.06/2 + 2·0.04/1 + 0 + 0 = 0.14; Σv = 6.9, Σv² = 4.81
		// between = 2·11·4.81 − 2·6.9² = 105.82 − 95.22 = 10.6; α = 1 − 10 · 0.14 / 10.6 = 0.8679245283
		expect(faithfulness).toMatchObject({ field: "faithfulness", metric: "interval", values: 11 });
		expect(faithfulness?.alpha.value).toBeCloseTo(0.8679245283, 9);
		expect(faithfulness?.alpha.n).toBe(4);
		// hallucination, nominal: [T, T, T], [T, F], [F, F, T], [F, F, F]; 5 T, 6 F
		// D_o = (2 + 2) / 11, D_e = 2 · 5 · 6 / 110; α = 1 − (4/11) / (60/110) = 1/3
		expect(hallucination).toMatchObject({ field: "hallucination", metric: "nominal", values: 11 });
		expect(hallucination?.alpha.value).toBeCloseTo(1 / 3, 12);
		expect(hallucination?.alpha.interval_reason).toContain("n = 4 is below 5");
	});

	it("follows currency: a changed case drops its runs, and a pinned version brings them back", () => {
		const { store } = temporary;
		freezeDocument(store, "summarization@calibration2", calibrationDocument("case-part-3-edited"));
		const now = calibrate();
		// R5 and R6 (case c3) are stale under the new spec
		expect(now.benchmark_version).toBe("summarization@calibration2");
		expect(now.items.map((item) => item.run_id)).toEqual([ids.R1, ids.R2, ids.R3, ids.R4]);
		expect(now.scope.rated_not_current).toBe(3);
		expect(now.mean_absolute_delta.interval_reason).toContain("n = 4");
		expect(calibrate({ benchmarkVersion: VERSION }).n).toBe(6);
	});

	it("with no owner ratings, has n = 0 and null figures with reasons, and still measures the jurors", () => {
		const other = openTemporaryStore();
		try {
			const document = calibrationDocument();
			freezeDocument(other.store, VERSION, document);
			recordFixtureRun(other.store, VERSION, document, {
				caseId: "c1",
				modelId: "m1",
				headline: 0.9,
				votes: [vote("j1", 0.8, true), vote("j2", 0.9, true)],
			});
			const report = calibrateUseCase(other.store, USE_CASE, { bootstrap });
			expect(report.n).toBe(0);
			expect(report.items).toEqual([]);
			expect(report.mean_absolute_delta).toMatchObject({ value: null, n: 0 });
			expect(report.mean_absolute_delta.reason).toContain("at least 1");
			expect(report.cohen_kappa.reason).toContain("at least 2");
			expect(report.gate_catch_rate.reason).toBe("no owner-rejected runs");
			expect(report.jurors.runs_with_votes).toBe(1);
			expect(report.jurors.fields.map((field) => field.field)).toEqual(["faithfulness", "hallucination"]);
			// all hallucination values are true: no variation to agree on
			expect(report.jurors.fields[1]?.alpha.reason).toContain("no variation");
		} finally {
			other.remove();
		}
	});

	it("round-trips through calibration_results unchanged", () => {
		const report = calibrate();
		const stored = temporary.store.recordCalibration(calibrationInput(report));
		expect(stored).toMatchObject({ use_case_id: USE_CASE, benchmark_version: VERSION, n: 6 });
		expect(temporary.store.listCalibrations(USE_CASE)[0]?.report).toEqual(report);
	});

	it("leaves out, and counts, vote files that are not lists of votes", () => {
		const { store } = temporary;
		const document = calibrationDocument();
		for (const [sampleIndex, text] of [
			[1, "not json"],
			[2, JSON.stringify([{ juror: 7, fields: {} }])],
		] as const)
			recordFixtureRun(store, VERSION, document, {
				caseId: "c3",
				modelId: "m2",
				sampleIndex,
				headline: 0.5,
				votesText: text,
			});
		const { jurors } = calibrate();
		expect(jurors.unreadable_artifacts).toBe(2);
		expect(jurors.runs_with_votes).toBe(5);
		expect(jurors.fields[0]?.alpha.value).toBeCloseTo(0.8679245283, 9);
	});
});

describe("owner labels and cut-offs", () => {
	it("map labels to ratings that the cut-offs read back as the same label", () => {
		expect(OWNER_LABEL_RATINGS).toEqual({ ship: 1.0, edit: 0.6, reject: 0.2 });
		for (const [label, rating] of Object.entries(OWNER_LABEL_RATINGS)) expect(ownerVerdict(rating)).toBe(label);
		expect([0.8, 0.79, 0.41, 0.4].map(ownerVerdict)).toEqual(["ship", "edit", "edit", "reject"]);
	});
});
