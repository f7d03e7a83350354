import { describe, expect, it } from "vitest";
import { averageRanks } from "./average-ranks.js";
import { cohenKappa } from "./cohen-kappa.js";
import { type CodedValue, type KrippendorffMetric, krippendorffAlpha } from "./krippendorff-alpha.js";
import { krippendorffEstimate } from "./krippendorff-resample.js";
import { linConcordance } from "./lin-concordance.js";
import { meanAbsoluteDelta } from "./mean-absolute-delta.js";
import { pairedEstimates } from "./paired-resample.js";
import { rankCorrelationEstimate } from "./rank-correlation-resample.js";
import { resampledRanks } from "./resampled-ranks.js";
import { rootMeanSquareError } from "./root-mean-square-error.js";
import { seededRandom } from "./seeded-random.js";
import { signedBias } from "./signed-bias.js";
import { spearmanCorrelation } from "./spearman-correlation.js";
import { cohenKappaEstimate, proportionEstimate } from "./verdict-resample.js";

// Every estimate that reads resampled positions must give, to the last bit (Object.is), what the
// array statistic gives on the resample built from those positions: inputs with ties, constants,
// a single distinct value, and resamples that draw one item many times.
const random = seededRandom(99);
const grid = (steps: number) => Math.round(random() * steps) / steps;
const resample = (n: number) => Int32Array.from({ length: n }, () => Math.floor(random() * n));
const pick = <T>(items: readonly T[], indices: Int32Array) => Array.from(indices, (index) => items[index] as T);

describe("estimates on resampled positions", () => {
	it("rank a resample as averageRanks does on it", () => {
		for (let trial = 0; trial < 50; trial++) {
			const values = Array.from({ length: 2 + (trial % 20) }, () => grid(trial % 4 === 0 ? 1 : 10));
			const indices = resample(values.length);
			const ranks = new Float64Array(values.length);
			resampledRanks(values)(indices, ranks);
			expect(Array.from(ranks)).toEqual(averageRanks(pick(values, indices)));
		}
	});

	it("give the paired statistics of the resample, bit for bit", () => {
		for (let trial = 0; trial < 200; trial++) {
			const n = 2 + (trial % 30);
			const steps = [1, 3, 10, 1000][trial % 4] as number;
			const x = Array.from({ length: n }, () => grid(steps));
			const y = trial % 7 === 0 ? x.map(() => 0.5) : x.map((value) => (random() < 0.3 ? value : grid(steps)));
			const estimates = pairedEstimates(x, y);
			const indices = resample(n);
			const [xs, ys] = [pick(x, indices), pick(y, indices)];
			expect(estimates.meanAbsoluteDelta(indices)).toBe(meanAbsoluteDelta(xs, ys).value);
			expect(estimates.signedBias(indices)).toBe(signedBias(xs, ys).value);
			expect(estimates.rootMeanSquareError(indices)).toBe(rootMeanSquareError(xs, ys).value);
			expect(estimates.linConcordance(indices)).toBe(linConcordance(xs, ys).value);
			expect(estimates.spearmanCorrelation(indices)).toBe(spearmanCorrelation(xs, ys).value);
			// The same, ranked position by position (the path beyond exact sums).
			const positional = rankCorrelationEstimate(Float64Array.from(x), Float64Array.from(y), 0);
			expect(positional(indices)).toBe(spearmanCorrelation(xs, ys).value);
		}
	});

	it("are null on a resample holding a value that is not finite, as the statistics are", () => {
		const estimates = pairedEstimates([0.1, Number.POSITIVE_INFINITY, 0.3], [0.2, 0.2, 0.4]);
		expect(estimates.meanAbsoluteDelta(Int32Array.of(0, 1, 2))).toBeNull();
		expect(estimates.spearmanCorrelation(Int32Array.of(0, 1, 2))).toBeNull();
		expect(estimates.signedBias(Int32Array.of(0, 2, 2))).toBe(signedBias([0.1, 0.3, 0.3], [0.2, 0.4, 0.4]).value);
	});

	it("give Cohen's kappa and a proportion of the resample", () => {
		for (let trial = 0; trial < 100; trial++) {
			const n = 2 + (trial % 15);
			const a = Array.from({ length: n }, () => random() < 0.6);
			const b = a.map((value) => (random() < 0.7 ? value : !value));
			const indices = resample(n);
			expect(cohenKappaEstimate(a, b)(indices)).toBe(cohenKappa(pick(a, indices), pick(b, indices)).value);
			expect(proportionEstimate(a)(indices)).toBe(pick(a, indices).filter(Boolean).length / n);
		}
	});

	it("give Krippendorff's alpha of the resampled units, interval and nominal, bit for bit", () => {
		const metrics: [KrippendorffMetric, () => CodedValue][] = [
			["interval", () => grid(4)],
			["interval", () => grid(1000)],
			["nominal", () => random() < 0.5],
			["nominal", () => Math.floor(random() * 4)],
		];
		for (let trial = 0; trial < 200; trial++) {
			const [metric, value] = metrics[trial % metrics.length] as [KrippendorffMetric, () => CodedValue];
			const units = Array.from({ length: 2 + (trial % 25) }, () =>
				Array.from({ length: 1 + (trial % 4) }, () => (random() < 0.15 ? null : value())),
			);
			const indices = resample(units.length);
			expect(krippendorffEstimate(units, metric)(indices)).toBe(krippendorffAlpha(pick(units, indices), metric).value);
		}
	});
});
