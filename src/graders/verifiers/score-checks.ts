import type { CheckValue } from "./parse-checks.js";

/** How a set of checks scores. */
export type CheckScore =
	| {
			readonly ok: true;
			/** Weighted mean in 0..1; 0 when a critical check failed. */
			readonly value: number;
			/** The weighted mean before any critical check zeroed it. */
			readonly weighted_mean: number;
			/** Critical checks that came out false (or 0). */
			readonly critical_failed: readonly string[];
	  }
	| { readonly ok: false; readonly problem: string };

/** Settings {@link scoreChecks} reads from the verifier's args. */
export interface CheckWeights {
	/** Weight per check; a check not listed weighs 1. */
	readonly weights: Readonly<Record<string, number>>;
	/** Checks that zero the score when false or 0. */
	readonly critical: readonly string[];
}

/**
 * The weighted mean of the checks (true 1, false 0, numbers as given), zeroed when a critical
 * check is false or 0. A weight or critical check naming a check the script did not print, or
 * weights summing to 0, is a problem: the mean would silently mean something else.
 */
export function scoreChecks(checks: Readonly<Record<string, CheckValue>>, settings: CheckWeights): CheckScore {
	const named = [...Object.keys(settings.weights), ...settings.critical];
	const absent = [...new Set(named.filter((name) => !(name in checks)))];
	if (absent.length > 0)
		return {
			ok: false,
			problem: `the script did not print the checks ${absent.join(", ")} that the task weighs or marks critical`,
		};
	let total = 0;
	let sum = 0;
	for (const [name, check] of Object.entries(checks)) {
		const weight = settings.weights[name] ?? 1;
		total += weight;
		sum += weight * numeric(check);
	}
	if (total === 0) return { ok: false, problem: "the weights of the printed checks sum to 0" };
	const weightedMean = sum / total;
	const criticalFailed = settings.critical.filter((name) => numeric(checks[name] ?? false) === 0);
	return {
		ok: true,
		value: criticalFailed.length > 0 ? 0 : weightedMean,
		weighted_mean: weightedMean,
		critical_failed: criticalFailed,
	};
}

/** A check as a number: true 1, false 0. */
export function numeric(check: CheckValue): number {
	return typeof check === "boolean" ? (check ? 1 : 0) : check;
}
