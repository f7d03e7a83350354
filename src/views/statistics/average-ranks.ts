/** 1-based ranks of `values` in ascending order; tied values share the mean of the ranks they span. */
export function averageRanks(values: readonly number[]): number[] {
	const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
	const ranks = new Array<number>(values.length).fill(0);
	let start = 0;
	while (start < order.length) {
		let end = start;
		while (
			end + 1 < order.length &&
			(order[end + 1] as { value: number }).value === (order[start] as { value: number }).value
		)
			end += 1;
		// Positions start..end (0-based) hold ranks start+1..end+1; their mean is the shared rank.
		const shared = (start + end) / 2 + 1;
		for (let position = start; position <= end; position++)
			ranks[(order[position] as { index: number }).index] = shared;
		start = end + 1;
	}
	return ranks;
}
