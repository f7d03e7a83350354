import type { IndexedEstimate } from "./resampled-indices.js";

/**
 * `cohenKappa` of two raters' yes/no verdicts on resamples given as positions: the same counts,
 * so the same number to the last bit, and null where it gives null.
 */
export function cohenKappaEstimate(a: readonly boolean[], b: readonly boolean[]): IndexedEstimate {
	if (a.length !== b.length) throw new RangeError(`paired verdicts differ in length: ${a.length} and ${b.length}`);
	const yesA = Uint8Array.from(a, Number);
	const yesB = Uint8Array.from(b, Number);
	return (indices) => {
		const n = indices.length;
		if (n < 2) return null;
		let agree = 0;
		let countA = 0;
		let countB = 0;
		for (let at = 0; at < n; at++) {
			const index = indices[at] as number;
			if (yesA[index] === yesB[index]) agree += 1;
			countA += yesA[index] as number;
			countB += yesB[index] as number;
		}
		const observed = agree / n;
		const chance = (countA / n) * (countB / n) + (1 - countA / n) * (1 - countB / n);
		return chance === 1 ? null : (observed - chance) / (1 - chance);
	};
}

/** The share of true `flags` on resamples given as positions; null for an empty resample. */
export function proportionEstimate(flags: readonly boolean[]): IndexedEstimate {
	const set = Uint8Array.from(flags, Number);
	return (indices) => {
		if (indices.length === 0) return null;
		let count = 0;
		for (let at = 0; at < indices.length; at++) count += set[indices[at] as number] as number;
		return count / indices.length;
	};
}
