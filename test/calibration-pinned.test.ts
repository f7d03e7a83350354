import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { JuryVote } from "../src/contract/index.js";
import { openTemporaryStore, type TemporaryStore } from "../src/store/index.js";
import { type CalibrationFigure, type CalibrationReport, calibrateUseCase } from "../src/views/index.js";
import { calibrationDocument, freezeDocument, recordFixtureRun, USE_CASE, VERSION } from "./calibration-fixture.js";

/*
 * A report pinned to the numbers the straightforward implementation (one array of items per
 * resample, a full sort per rank) computed on this fixed store, before calibration was made fast:
 * the fast path must reproduce every value and every interval bound exactly, so an optimisation
 * cannot silently change what the report says. The store: 3 cases × 2 models × 20 samples, jury
 * headlines and owner ratings on coarse grids (ranks tie), one run in 7 tripping its gate, one in
 * 11 without a headline, one in 9 unrated; three jurors voting two fields (a third, `tone`, on
 * some votes only), one vote in 6 failed.
 */

let temporary: TemporaryStore;

/** The same numbers on every run of the test (mulberry32). */
function generator(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

beforeEach(() => {
	temporary = openTemporaryStore();
	const { store } = temporary;
	const document = calibrationDocument();
	freezeDocument(store, VERSION, document);
	const next = generator(2024);
	const step = (value: number, grid: number) => Math.round(Math.min(1, Math.max(0, value)) * grid) / grid;
	let index = 0;
	for (const caseId of ["c1", "c2", "c3"])
		for (const modelId of ["m1", "m2"])
			for (let sampleIndex = 0; sampleIndex < 20; sampleIndex++, index++) {
				const quality = next();
				const votes: JuryVote[] = ["j1", "j2", "j3"].map((juror) =>
					next() < 1 / 6
						? { juror, fields: null, rationale: null, error: "unparsable reply: not JSON" }
						: {
								juror,
								fields: {
									faithfulness: step(quality + (next() - 0.5) * 0.5, 4),
									hallucination: next() > quality,
									...(next() < 0.5 ? { tone: step(next(), 10) } : {}),
								},
								rationale: "one sentence",
								error: null,
							},
				);
				const runId = recordFixtureRun(store, VERSION, document, {
					caseId,
					modelId,
					sampleIndex,
					headline: index % 11 === 5 ? null : step(quality, 20),
					critical: index % 7 === 3,
					votes,
				});
				if (index % 9 === 8) continue;
				const label = next() < 0.4 ? (["ship", "edit", "reject"] as const)[index % 3] : undefined;
				const rating =
					label === undefined ? step(quality + (next() - 0.5) * 0.6, 10) : { ship: 1, edit: 0.6, reject: 0.2 }[label];
				store.addOwnerRating({ run_id: runId, rating, label: label ?? null, note: null });
			}
});

afterEach(() => temporary.remove());

function calibrate(): CalibrationReport {
	return calibrateUseCase(temporary.store, USE_CASE, { bootstrap: { samples: 400, seed: 7 } });
}

/** A figure's numbers: n, value, and the interval's bounds. */
function numbers(figure: CalibrationFigure | undefined) {
	return [figure?.n, figure?.value, figure?.interval?.low ?? null, figure?.interval?.high ?? null];
}

describe("a calibration report pinned before the fast path", () => {
	it("reproduces every figure and interval bound exactly", () => {
		const report = calibrate();
		expect(report.n).toBe(PINNED.n);
		expect(report.scope).toEqual(PINNED.scope);
		const figures = {
			mean_absolute_delta: numbers(report.mean_absolute_delta),
			agreement: numbers(report.agreement),
			signed_bias: numbers(report.signed_bias),
			rmse: numbers(report.rmse),
			spearman: numbers(report.spearman),
			lin_concordance: numbers(report.lin_concordance),
			cohen_kappa: numbers(report.cohen_kappa),
			gate_catch_rate: numbers(report.gate_catch_rate),
		};
		expect(figures).toEqual(PINNED.figures);
		expect(
			report.jurors.fields.map((field) => [field.field, field.metric, field.values, ...numbers(field.alpha)]),
		).toEqual(PINNED.jurors);
	});
});

/** Captured with the implementation before the fast path (commit 7cb892d). */
const PINNED = {
	n: 97,
	scope: { current_runs: 120, unrated: 13, rated_without_headline: 10, rated_not_current: 0 },
	figures: {
		mean_absolute_delta: [97, 0.2561855670103094, 0.2190721649484537, 0.29846649484536086],
		agreement: [97, 0.7438144329896905, 0.7015335051546391, 0.7809278350515463],
		signed_bias: [97, 0.004639175257731976, -0.05568298969072164, 0.06608247422680408],
		rmse: [97, 0.3287354716322507, 0.2776929996630374, 0.3826917267286111],
		spearman: [97, 0.37654401182998565, 0.1771447475256563, 0.551205560829312],
		lin_concordance: [97, 0.37781418608315465, 0.18535026535322527, 0.5480663393108821],
		cohen_kappa: [55, 0.3939393939393939, 0.13764643587496334, 0.6353173147468819],
		gate_catch_rate: [33, 0.06060606060606061, 0, 0.15151515151515152],
	},
	jurors: [
		["faithfulness", "interval", 257, 102, 0.7610736751721952, 0.6922896806253898, 0.8239912046300552],
		["hallucination", "nominal", 257, 102, 0.43467059256532936, 0.2532811600617274, 0.5793643734784907],
		["tone", "interval", 87, 41, -0.24717966573816086, -0.49818405683332323, 0.02341458220236929],
	],
};
