/** p50, p90 and the maximum of a set of timings, for the benchmark scripts' printouts. */
export interface Figures {
	readonly p50: number;
	readonly p90: number;
	readonly max: number;
}

/** The {@link Figures} of `samples` (nearest-rank quantiles). */
export function figures(samples: readonly number[]): Figures {
	const sorted = [...samples].sort((a, b) => a - b);
	const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] ?? 0;
	return { p50: at(0.5), p90: at(0.9), max: sorted[sorted.length - 1] ?? 0 };
}

/** Prints one aligned line of figures in milliseconds with `digits` decimals. */
export function printFigures(label: string, stats: Figures, digits: number, extra = ""): void {
	const ms = (value: number) => `${value.toFixed(digits)} ms`;
	console.log(`${label.padEnd(34)} p50 ${ms(stats.p50)}  p90 ${ms(stats.p90)}  max ${ms(stats.max)}${extra}`);
}

/** PASS or FAIL, as every benchmark prints a target. */
export function verdict(pass: boolean): "PASS" | "FAIL" {
	return pass ? "PASS" : "FAIL";
}
