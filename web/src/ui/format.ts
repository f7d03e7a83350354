/**
 * How the dashboard writes numbers. An unknown value is written as unknown ("?" with a title that
 * says so), never as 0: an unknown cost is not a free model.
 */

/** The text shown for a value that is not known. */
export const UNKNOWN = "?";

/** A headline or share with `digits` decimals. */
export function score(value: number | null | undefined, digits = 3): string {
	return value === null || value === undefined ? UNKNOWN : value.toFixed(digits);
}

/** A share as a whole percent. */
export function percent(value: number | null | undefined): string {
	return value === null || value === undefined ? UNKNOWN : `${Math.round(value * 100)}%`;
}

/** `[low, high]` of an interval; empty when there is none. */
export function interval(value: { low: number; high: number } | null | undefined, digits = 3): string {
	return value === null || value === undefined ? "" : `[${value.low.toFixed(digits)}, ${value.high.toFixed(digits)}]`;
}

/** Dollars, with enough digits that a cheap model's cost per case is not rounded to $0.00. */
export function usd(value: number | null | undefined): string {
	if (value === null || value === undefined) return UNKNOWN;
	if (value === 0) return "$0";
	if (value >= 1) return `$${value.toFixed(2)}`;
	return `$${value.toLocaleString("en", { maximumSignificantDigits: 3, maximumFractionDigits: 12 })}`;
}

/** Milliseconds, as ms below a second and seconds above. */
export function ms(value: number | null | undefined): string {
	if (value === null || value === undefined) return UNKNOWN;
	return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(value < 10_000 ? 2 : 1)} s`;
}

/** A count with its noun, pluralised: `1 case`, `3 cases`. */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
	return `${n.toLocaleString("en")} ${n === 1 ? noun : plural}`;
}

/** A timestamp as the reader's local date and time; "never" for null. */
export function when(iso: string | null | undefined): string {
	if (iso === null || iso === undefined) return "never";
	const date = new Date(iso);
	return Number.isNaN(date.getTime()) ? iso : date.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}

/** `model` or `model · harness` (the harness is shown when it is not the only one). */
export function modelLabel(row: { model_id: string; harness: string }, withHarness = true): string {
	return withHarness ? `${row.model_id} · ${row.harness}` : row.model_id;
}
