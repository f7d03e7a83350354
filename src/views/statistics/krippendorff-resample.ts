import { type CodedValue, disagreement, type KrippendorffMetric } from "./krippendorff-alpha.js";
import type { IndexedEstimate } from "./resampled-indices.js";

/**
 * Krippendorff's alpha of resamples of `units` given as positions, without building the
 * resample: each unit's share of the within-unit disagreement is computed once, and a resample
 * adds the shares of the units it drew, in the order it drew them, as `krippendorffAlpha` does on
 * the resample; the between-unit disagreement is summed over the drawn values in that order
 * (`interval`) or counted per value (`nominal`, whole numbers). Same number to the last bit, and
 * null where `krippendorffAlpha` gives null.
 */
export function krippendorffEstimate(
	units: readonly (readonly CodedValue[])[],
	metric: KrippendorffMetric,
): IndexedEstimate {
	const coded = units.map((unit) => unit.filter((value): value is number | boolean => value !== null));
	const sizes = Int32Array.from(coded, (unit) => (unit.length >= 2 ? unit.length : 0));
	const shares = Float64Array.from(coded, (unit) =>
		unit.length >= 2 ? disagreement(unit, metric) / (unit.length - 1) : 0,
	);
	const broken = Uint8Array.from(coded, (unit) =>
		metric === "interval" && unit.length >= 2 && !unit.map(Number).every(Number.isFinite) ? 1 : 0,
	);
	const anyBroken = broken.includes(1);
	// Per pairable unit, from starts[unit] to starts[unit + 1]: its values as numbers (interval),
	// or the categories it holds and how many times (nominal: counts add up exactly).
	const starts = new Int32Array(units.length + 1);
	const entries: number[] = [];
	const counts: number[] = [];
	const categories = new Map<number | boolean, number>();
	coded.forEach((unit, index) => {
		if ((sizes[index] as number) > 0)
			if (metric === "interval") for (const value of unit) entries.push(Number(value));
			else {
				const held = new Map<number, number>();
				for (const value of unit) {
					if (!categories.has(value)) categories.set(value, categories.size);
					const category = categories.get(value) as number;
					held.set(category, (held.get(category) ?? 0) + 1);
				}
				for (const [category, count] of held) {
					entries.push(category);
					counts.push(count);
				}
			}
		starts[index + 1] = entries.length;
	});
	const alpha = (total: number, within: number, between: number) =>
		total === 0 || between === 0 ? null : 1 - ((total - 1) * within) / between;
	if (metric === "nominal") {
		// With two categories the first one's count fixes the other's: one count per unit, no inner loop.
		const many = categories.size > 2;
		const first = Int32Array.from(coded, (unit) => unit.filter((value) => categories.get(value) === 0).length);
		const held = Int32Array.from(entries);
		const times = Int32Array.from(counts);
		const perCategory = new Float64Array(categories.size);
		return (indices) => {
			if (many) perCategory.fill(0);
			let within = 0;
			let total = 0;
			let ones = 0;
			for (let at = 0; at < indices.length; at++) {
				const unit = indices[at] as number;
				const size = sizes[unit] as number;
				if (size === 0) continue;
				within += shares[unit] as number;
				total += size;
				ones += first[unit] as number;
				if (many)
					for (let entry = starts[unit] as number; entry < (starts[unit + 1] as number); entry++) {
						const category = held[entry] as number;
						perCategory[category] = (perCategory[category] as number) + (times[entry] as number);
					}
			}
			let same = ones * ones + (total - ones) * (total - ones);
			if (many) {
				same = 0;
				for (const count of perCategory) same += count * count;
			}
			return alpha(total, within, total * total - same);
		};
	}
	// One record per unit, [its share, its values…], so a drawn unit is one or two cache lines.
	const records = new Int32Array(units.length + 1);
	const packed = new Float64Array(entries.length + coded.filter((_unit, index) => (sizes[index] as number) > 0).length);
	coded.forEach((_unit, index) => {
		let at = records[index] as number;
		if ((sizes[index] as number) > 0) {
			packed[at++] = shares[index] as number;
			for (let entry = starts[index] as number; entry < (starts[index + 1] as number); entry++)
				packed[at++] = entries[entry] as number;
		}
		records[index + 1] = at;
	});
	// The drawn values in drawn order, gathered in the first pass so the second runs straight.
	let scratch = new Float64Array(16);
	return (indices) => {
		let within = 0;
		let total = 0;
		let sum = 0;
		for (let at = 0; at < indices.length; at++) {
			const unit = indices[at] as number;
			const start = records[unit] as number;
			const end = records[unit + 1] as number;
			if (start === end) continue;
			if (anyBroken && broken[unit] === 1) return null;
			within += packed[start] as number;
			if (scratch.length < total + end - start) scratch = grow(scratch, total + end - start);
			for (let entry = start + 1; entry < end; entry++) {
				const value = packed[entry] as number;
				scratch[total++] = value;
				sum += value;
			}
		}
		const mean = sum / total;
		let squares = 0;
		for (let at = 0; at < total; at++) squares += ((scratch[at] as number) - mean) ** 2;
		return alpha(total, within, 2 * total * squares);
	};
}

/** A copy of `array` with room for at least `length` values. */
function grow(array: Float64Array<ArrayBuffer>, length: number): Float64Array<ArrayBuffer> {
	const grown = new Float64Array(Math.max(length, array.length * 2));
	grown.set(array);
	return grown;
}
