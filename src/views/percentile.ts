/** The p-th percentile (0..100) by linear interpolation between closest ranks; null for no values. */
export function percentile(values: readonly number[], p: number): number | null {
	if (values.length === 0) return null;
	const sorted = [...values].sort((a, b) => a - b);
	const rank = (p / 100) * (sorted.length - 1);
	const low = Math.floor(rank);
	const high = Math.ceil(rank);
	const lowValue = sorted[low] as number;
	return lowValue + ((sorted[high] as number) - lowValue) * (rank - low);
}

/** Arithmetic mean; null for no values. */
export function mean(values: readonly number[]): number | null {
	if (values.length === 0) return null;
	let sum = 0;
	for (const value of values) sum += value;
	return sum / values.length;
}
