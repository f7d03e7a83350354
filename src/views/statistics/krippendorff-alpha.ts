import { noStatistic, type Statistic, statistic } from "./statistic.js";

/** How two values differ: `interval` by their squared difference, `nominal` by whether they differ at all. */
export const KRIPPENDORFF_METRICS = ["interval", "nominal"] as const;
/** One of {@link KRIPPENDORFF_METRICS}. */
export type KrippendorffMetric = (typeof KRIPPENDORFF_METRICS)[number];

/** One coder's value for one unit; null when that coder gave none (a failed vote). */
export type CodedValue = number | boolean | null;

/** Krippendorff's alpha and how much data it rests on. */
export type KrippendorffAlpha = Statistic & {
	/** Units with at least two values (the only ones that can show agreement). */
	readonly units: number;
	/** Values in those units. */
	readonly values: number;
};

/**
 * Krippendorff's alpha, 1 − D_o / D_e, for `units` (e.g. runs), each listing the values its
 * coders (e.g. jurors) gave, with null for a missing value. D_o is the disagreement within
 * units, each unit's ordered pairs weighted 1 / (m_u − 1); D_e the disagreement between all
 * pairable values regardless of unit. Units with fewer than two values are left out. With
 * `interval`, booleans count as 0 and 1 (which equals `nominal` for two categories).
 * Null when no unit has two values or when every value is the same (D_e = 0).
 */
export function krippendorffAlpha(
	units: readonly (readonly CodedValue[])[],
	metric: KrippendorffMetric,
): KrippendorffAlpha {
	const pairable = units
		.map((unit) => unit.filter((value): value is number | boolean => value !== null))
		.filter((unit) => unit.length >= 2);
	const all = pairable.flat();
	const counts = { units: pairable.length, values: all.length };
	if (pairable.length === 0) return { ...noStatistic("no unit has two or more values"), ...counts };
	if (metric === "interval" && !all.map(Number).every(Number.isFinite))
		return { ...noStatistic("a value is not a finite number"), ...counts };
	let within = 0;
	for (const unit of pairable) within += disagreement(unit, metric) / (unit.length - 1);
	const between = disagreement(all, metric);
	if (between === 0)
		return { ...noStatistic("every value is the same, so there is no variation to agree on"), ...counts };
	// D_o = within / n and D_e = between / (n (n − 1)), so D_o / D_e = (n − 1) · within / between.
	return { ...statistic(1 - ((all.length - 1) * within) / between), ...counts };
}

/** Σ δ²(v_i, v_j) over ordered pairs i ≠ j of `values` (the resampled alpha shares it). */
export function disagreement(values: readonly (number | boolean)[], metric: KrippendorffMetric): number {
	const m = values.length;
	if (metric === "nominal") {
		const counts = new Map<number | boolean, number>();
		for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
		let same = 0;
		for (const count of counts.values()) same += count * count;
		return m * m - same;
	}
	// Σ_{i,j} (v_i − v_j)² = 2m Σ (v_i − v̄)², centred to avoid cancellation.
	const numbers = values.map(Number);
	const mean = numbers.reduce((sum, value) => sum + value, 0) / m;
	return 2 * m * numbers.reduce((sum, value) => sum + (value - mean) ** 2, 0);
}
