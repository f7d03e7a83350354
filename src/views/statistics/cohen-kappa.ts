import { noStatistic, type Statistic, statistic } from "./statistic.js";

/**
 * Cohen's kappa of two raters' yes/no verdicts on the same items (a 2×2 table):
 * (p_o − p_e) / (1 − p_e), observed agreement corrected for the agreement their base rates
 * would give by chance. Null below two items, or when chance agreement is 1 (both raters gave
 * every item the same single verdict).
 */
export function cohenKappa(a: readonly boolean[], b: readonly boolean[]): Statistic {
	if (a.length !== b.length) throw new RangeError(`paired verdicts differ in length: ${a.length} and ${b.length}`);
	const n = a.length;
	if (n < 2) return noStatistic(`needs at least 2 items, got ${n}`);
	let agree = 0;
	let yesA = 0;
	let yesB = 0;
	for (let index = 0; index < n; index++) {
		if (a[index] === b[index]) agree += 1;
		if (a[index]) yesA += 1;
		if (b[index]) yesB += 1;
	}
	const observed = agree / n;
	const chance = (yesA / n) * (yesB / n) + (1 - yesA / n) * (1 - yesB / n);
	if (chance === 1) return noStatistic("both raters gave every item the same verdict, so chance agreement is 1");
	return statistic((observed - chance) / (1 - chance));
}
