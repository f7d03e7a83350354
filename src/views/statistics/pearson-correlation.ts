import { noStatistic, pairedProblem, type Statistic, statistic } from "./statistic.js";

/** Pearson's correlation of paired samples; null below two pairs or when either side has no variance. */
export function pearsonCorrelation(x: readonly number[], y: readonly number[]): Statistic {
	const problem = pairedProblem(x, y, 2);
	if (problem !== null) return noStatistic(problem);
	const n = x.length;
	const meanX = x.reduce((sum, value) => sum + value, 0) / n;
	const meanY = y.reduce((sum, value) => sum + value, 0) / n;
	let sxy = 0;
	let sxx = 0;
	let syy = 0;
	for (let index = 0; index < n; index++) {
		const dx = (x[index] as number) - meanX;
		const dy = (y[index] as number) - meanY;
		sxy += dx * dy;
		sxx += dx * dx;
		syy += dy * dy;
	}
	if (sxx === 0) return noStatistic("the first sample has no variance (every value is the same)");
	if (syy === 0) return noStatistic("the second sample has no variance (every value is the same)");
	// Clamped: rounding can push a perfect correlation a hair past ±1.
	return statistic(Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy))));
}
