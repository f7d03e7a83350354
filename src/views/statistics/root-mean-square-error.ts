import { noStatistic, pairedProblem, type Statistic, statistic } from "./statistic.js";

/** √(mean of (x − y)²): like the mean absolute delta, but large misses weigh more. Defined from one pair. */
export function rootMeanSquareError(x: readonly number[], y: readonly number[]): Statistic {
	const problem = pairedProblem(x, y, 1);
	if (problem !== null) return noStatistic(problem);
	let sum = 0;
	for (let index = 0; index < x.length; index++) sum += ((x[index] as number) - (y[index] as number)) ** 2;
	return statistic(Math.sqrt(sum / x.length));
}
