import { noStatistic, pairedProblem, type Statistic, statistic } from "./statistic.js";

/** Mean of x − y over pairs: positive when x runs high. Defined from one pair. */
export function signedBias(x: readonly number[], y: readonly number[]): Statistic {
	const problem = pairedProblem(x, y, 1);
	if (problem !== null) return noStatistic(problem);
	let sum = 0;
	for (let index = 0; index < x.length; index++) sum += (x[index] as number) - (y[index] as number);
	return statistic(sum / x.length);
}
