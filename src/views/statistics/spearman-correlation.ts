import { averageRanks } from "./average-ranks.js";
import { pearsonCorrelation } from "./pearson-correlation.js";
import { noStatistic, pairedProblem, type Statistic } from "./statistic.js";

/**
 * Spearman's rank correlation: Pearson's correlation of the average ranks (ties share the mean
 * of their ranks, so the 1 − 6Σd²/… shortcut, which assumes no ties, is not used). Null below
 * two pairs or when either side has no variance.
 */
export function spearmanCorrelation(x: readonly number[], y: readonly number[]): Statistic {
	const problem = pairedProblem(x, y, 2);
	if (problem !== null) return noStatistic(problem);
	return pearsonCorrelation(averageRanks(x), averageRanks(y));
}
