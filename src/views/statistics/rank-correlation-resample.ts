import type { IndexedEstimate } from "./resampled-indices.js";
import { resampledMoments } from "./resampled-moments.js";
import { resampledRanks } from "./resampled-ranks.js";

/**
 * Up to this many items, every sum Spearman's correlation adds on a resample is exact: average
 * ranks and their deviations from the mean rank (n + 1) / 2 are multiples of 1/2, their products
 * multiples of 1/4, and no sum exceeds n³/4, so all fit a double's 53 bits while n³ ≤ 2⁵³
 * (n ≤ 208,063). Exact sums do not depend on their order, so the resample can be summed per
 * distinct (x, y) pair instead of per position, with the same result to the last bit.
 */
export const EXACT_RANK_SUMS_UP_TO = 200_000;

/**
 * `spearmanCorrelation` on resamples given as positions. A resample is reduced to how many
 * times it drew each distinct (x, y) pair; ranks, mean ranks and the centred sums follow from
 * those counts (see {@link EXACT_RANK_SUMS_UP_TO}), so its cost grows with the distinct pairs,
 * not with n. Above that many items (or `exactUpTo`, for tests) it ranks each resample position
 * by position instead.
 * x and y must be finite.
 */
export function rankCorrelationEstimate(
	x: Float64Array,
	y: Float64Array,
	exactUpTo: number = EXACT_RANK_SUMS_UP_TO,
): IndexedEstimate {
	const n = x.length;
	if (n > Math.min(exactUpTo, EXACT_RANK_SUMS_UP_TO)) return positionalEstimate(x, y);
	const orderX = valueOrders(x);
	const orderY = valueOrders(y);
	const pairs = new Map<number, number>();
	const pairOf = new Int32Array(n);
	const pairX: number[] = [];
	const pairY: number[] = [];
	for (let index = 0; index < n; index++) {
		const key = (orderX.of[index] as number) * orderY.distinct + (orderY.of[index] as number);
		let pair = pairs.get(key);
		if (pair === undefined) {
			pair = pairs.size;
			pairs.set(key, pair);
			pairX.push(orderX.of[index] as number);
			pairY.push(orderY.of[index] as number);
		}
		pairOf[index] = pair;
	}
	const xOfPair = Int32Array.from(pairX);
	const yOfPair = Int32Array.from(pairY);
	const drawn = new Float64Array(pairs.size);
	const countX = new Float64Array(orderX.distinct);
	const countY = new Float64Array(orderY.distinct);
	const rankX = new Float64Array(orderX.distinct);
	const rankY = new Float64Array(orderY.distinct);
	return (indices) => {
		const size = indices.length;
		if (size < 2) return null;
		drawn.fill(0);
		for (let at = 0; at < size; at++) {
			const pair = pairOf[indices[at] as number] as number;
			drawn[pair] = (drawn[pair] as number) + 1;
		}
		countX.fill(0);
		countY.fill(0);
		for (let pair = 0; pair < drawn.length; pair++) {
			const times = drawn[pair] as number;
			const atX = xOfPair[pair] as number;
			const atY = yOfPair[pair] as number;
			countX[atX] = (countX[atX] as number) + times;
			countY[atY] = (countY[atY] as number) + times;
		}
		const meanX = averageRanks(countX, rankX) / size;
		const meanY = averageRanks(countY, rankY) / size;
		let sxx = 0;
		for (let order = 0; order < countX.length; order++)
			sxx += (countX[order] as number) * ((rankX[order] as number) - meanX) ** 2;
		let syy = 0;
		for (let order = 0; order < countY.length; order++)
			syy += (countY[order] as number) * ((rankY[order] as number) - meanY) ** 2;
		if (sxx === 0 || syy === 0) return null;
		let sxy = 0;
		for (let pair = 0; pair < drawn.length; pair++)
			sxy +=
				(drawn[pair] as number) *
				((rankX[xOfPair[pair] as number] as number) - meanX) *
				((rankY[yOfPair[pair] as number] as number) - meanY);
		return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
	};
}

/** Each value's place among the sorted distinct values (0 and −0 one value), and how many there are. */
function valueOrders(values: Float64Array): { readonly of: Int32Array; readonly distinct: number } {
	const places = new Map<number, number>();
	for (const value of values) places.set(value, 0);
	const sorted = [...places.keys()].sort((a, b) => a - b);
	sorted.forEach((value, place) => {
		places.set(value, place);
	});
	return { of: Int32Array.from(values, (value) => places.get(value) ?? 0), distinct: sorted.length };
}

/** Writes the average rank of each distinct value drawn `counts[place]` times; returns the sum of all ranks. */
function averageRanks(counts: Float64Array, ranks: Float64Array): number {
	let below = 0;
	let sum = 0;
	for (let place = 0; place < counts.length; place++) {
		const count = counts[place] as number;
		if (count === 0) continue;
		const rank = (below + below + count - 1) / 2 + 1;
		ranks[place] = rank;
		sum += count * rank;
		below += count;
	}
	return sum;
}

/** Spearman on a resample ranked position by position (n beyond exact sums): `centeredMoments` of the ranks. */
function positionalEstimate(x: Float64Array, y: Float64Array): IndexedEstimate {
	const rankX = resampledRanks(x);
	const rankY = resampledRanks(y);
	const ranksX = new Float64Array(x.length);
	const ranksY = new Float64Array(y.length);
	return (indices) => {
		const n = indices.length;
		if (n < 2) return null;
		rankX(indices, ranksX);
		rankY(indices, ranksY);
		const { sxy, sxx, syy } = resampledMoments(ranksX.subarray(0, n), ranksY.subarray(0, n), null);
		if (sxx === 0 || syy === 0) return null;
		return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
	};
}
