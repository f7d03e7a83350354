import { centeredMoments, noStatistic, pairedProblem, type Statistic, statistic } from "./statistic.js";

/**
 * Lin's concordance correlation coefficient, 2·s_xy / (s_x² + s_y² + (x̄ − ȳ)²) with population
 * (1/n) moments as in Lin (1989): 1 only when every pair lies on the line y = x, so unlike
 * Pearson it also penalizes a shift or a scale difference. Null below two pairs, or when both
 * sides are the same constant (0/0); one constant side gives 0.
 */
export function linConcordance(x: readonly number[], y: readonly number[]): Statistic {
	const problem = pairedProblem(x, y, 2);
	if (problem !== null) return noStatistic(problem);
	const { n, meanX, meanY, sxy, sxx, syy } = centeredMoments(x, y);
	const denominator = sxx / n + syy / n + (meanX - meanY) ** 2;
	if (denominator === 0) return noStatistic("both samples are the same constant, so concordance is undefined (0/0)");
	return statistic((2 * sxy) / n / denominator);
}
