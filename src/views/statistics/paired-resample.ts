import { rankCorrelationEstimate } from "./rank-correlation-resample.js";
import type { IndexedEstimate } from "./resampled-indices.js";
import { resampledMoments } from "./resampled-moments.js";

/** The paired statistics of the calibration as estimates that read resampled positions. */
export interface PairedEstimates {
	readonly meanAbsoluteDelta: IndexedEstimate;
	readonly signedBias: IndexedEstimate;
	readonly rootMeanSquareError: IndexedEstimate;
	readonly linConcordance: IndexedEstimate;
	readonly spearmanCorrelation: IndexedEstimate;
}

/**
 * The paired statistics of `x` and `y` on resamples given as positions, without building the
 * resample. Each adds the same terms in the same order as its array version (meanAbsoluteDelta,
 * signedBias, rootMeanSquareError, linConcordance, spearmanCorrelation) on the resample, so it
 * gives the same number to the last bit, and null where that gives null (a resample holding a
 * value that is not finite, no variance, 0/0).
 */
export function pairedEstimates(x: readonly number[], y: readonly number[]): PairedEstimates {
	if (x.length !== y.length) throw new RangeError(`paired samples differ in length: ${x.length} and ${y.length}`);
	const n = x.length;
	const xs = Float64Array.from(x);
	const ys = Float64Array.from(y);
	const delta = new Float64Array(n);
	const absolute = new Float64Array(n);
	const squared = new Float64Array(n);
	const broken = new Uint8Array(n);
	let anyBroken = false;
	for (let index = 0; index < n; index++) {
		const difference = (xs[index] as number) - (ys[index] as number);
		delta[index] = difference;
		absolute[index] = Math.abs(difference);
		squared[index] = difference ** 2;
		if (!Number.isFinite(xs[index]) || !Number.isFinite(ys[index])) {
			broken[index] = 1;
			anyBroken = true;
		}
	}
	const usable = (indices: Int32Array, minimum: number) => {
		if (indices.length < minimum) return false;
		if (anyBroken) for (let at = 0; at < indices.length; at++) if (broken[indices[at] as number] === 1) return false;
		return true;
	};
	const mean = (values: Float64Array, indices: Int32Array) => {
		let sum = 0;
		for (let at = 0; at < indices.length; at++) sum += values[indices[at] as number] as number;
		return sum / indices.length;
	};
	const spearman = anyBroken ? () => null : rankCorrelationEstimate(xs, ys);
	return {
		meanAbsoluteDelta: (indices) => (usable(indices, 1) ? mean(absolute, indices) : null),
		signedBias: (indices) => (usable(indices, 1) ? mean(delta, indices) : null),
		rootMeanSquareError: (indices) => (usable(indices, 1) ? Math.sqrt(mean(squared, indices)) : null),
		linConcordance: (indices) => {
			if (!usable(indices, 2)) return null;
			const { meanX, meanY, sxy, sxx, syy } = resampledMoments(xs, ys, indices);
			const count = indices.length;
			const denominator = sxx / count + syy / count + (meanX - meanY) ** 2;
			return denominator === 0 ? null : (2 * sxy) / count / denominator;
		},
		spearmanCorrelation: (indices) => (usable(indices, 2) ? spearman(indices) : null),
	};
}
