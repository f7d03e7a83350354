/**
 * Average ranks of resamples of `values` without sorting each resample: the distinct values are
 * sorted once, and a resample's ranks follow from how many times it drew each of them. A value
 * drawn c times after `below` smaller draws spans positions below..below+c−1 and shares the mean
 * rank (below + below + c − 1) / 2 + 1, exactly what `averageRanks` gives on the resample
 * (its sort groups equal values the same way, 0 and −0 included). Values must not be NaN.
 */
export function resampledRanks(values: ArrayLike<number>): (indices: Int32Array, ranks: Float64Array) => void {
	const distinct = new Map<number, number>();
	for (let index = 0; index < values.length; index++) distinct.set(values[index] as number, 0);
	const sorted = [...distinct.keys()].sort((a, b) => a - b);
	sorted.forEach((value, order) => {
		distinct.set(value, order);
	});
	const valueOrder = new Int32Array(values.length);
	for (let index = 0; index < values.length; index++) valueOrder[index] = distinct.get(values[index] as number) ?? 0;
	const drawn = new Int32Array(sorted.length);
	const rankOf = new Float64Array(sorted.length);
	return (indices, ranks) => {
		drawn.fill(0);
		for (let position = 0; position < indices.length; position++) {
			const order = valueOrder[indices[position] as number] as number;
			drawn[order] = (drawn[order] as number) + 1;
		}
		let below = 0;
		for (let order = 0; order < sorted.length; order++) {
			const count = drawn[order] as number;
			if (count === 0) continue;
			const start = below;
			const end = below + count - 1;
			rankOf[order] = (start + end) / 2 + 1;
			below += count;
		}
		for (let position = 0; position < indices.length; position++)
			ranks[position] = rankOf[valueOrder[indices[position] as number] as number] as number;
	};
}
