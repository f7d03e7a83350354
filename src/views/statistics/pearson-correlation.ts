import { centeredMoments, noStatistic, pairedProblem, type Statistic, statistic } from "./statistic.js";

/** Pearson's correlation of paired samples; null below two pairs or when either side has no variance. */
export function pearsonCorrelation(x: readonly number[], y: readonly number[]): Statistic {
	const problem = pairedProblem(x, y, 2);
	if (problem !== null) return noStatistic(problem);
	const { sxy, sxx, syy } = centeredMoments(x, y);
	if (sxx === 0) return noStatistic("the first sample has no variance (every value is the same)");
	if (syy === 0) return noStatistic("the second sample has no variance (every value is the same)");
	// Clamped: rounding can push a perfect correlation a hair past ±1.
	return statistic(Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy))));
}
