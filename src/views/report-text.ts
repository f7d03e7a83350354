import { markdownText } from "../contract/index.js";
import type { Interval } from "./statistics/index.js";

export { markdownText };

/** Shown for a figure nobody measured: never a made-up zero. */
export const UNKNOWN = "unknown";

/** A markdown table: a header row, its rule and the rows, every cell already escaped. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
	const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
	return [line(header), line(header.map(() => "---")), ...rows.map(line)];
}

/** A 0..1 figure with three decimals; unknown when null. */
export function figure(value: number | null | undefined, digits = 3): string {
	return value === null || value === undefined ? UNKNOWN : value.toFixed(digits);
}

/** A figure and its interval, `0.812 [0.701, 0.903]`; the interval left out when unknown. */
export function withInterval(value: number | null, interval: Interval | null, digits = 3): string {
	if (value === null) return UNKNOWN;
	return interval === null
		? figure(value, digits)
		: `${figure(value, digits)} [${figure(interval.low, digits)}, ${figure(interval.high, digits)}]`;
}

/** A share as a whole percentage; unknown when null. */
export function percent(value: number | null): string {
	return value === null ? UNKNOWN : `${Math.round(value * 100)}%`;
}

/** USD with the digits a small amount needs, `$` escaped (it would start math on GitHub); unknown when null. */
export function usd(value: number | null, lowerBound = false): string {
	if (value === null) return UNKNOWN;
	const digits = value === 0 ? 2 : value < 0.01 ? 5 : value < 1 ? 4 : 2;
	return `\\$${value.toFixed(digits)}${lowerBound ? " (lower bound)" : ""}`;
}

/** Milliseconds as `850 ms` or `1.2 s`; unknown when null. */
export function duration(ms: number | null): string {
	if (ms === null) return UNKNOWN;
	return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Yes, no, or unknown. */
export function yesNo(value: boolean | null | undefined): string {
	return value === null || value === undefined ? UNKNOWN : value ? "yes" : "no";
}
