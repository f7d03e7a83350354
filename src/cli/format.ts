/** Formats a USD amount for tables; `?` for unknown (never 0). */
export function formatCost(usd: number | null, unknownCount = 0): string {
	if (usd === null) return "?";
	const digits = usd === 0 ? 2 : usd < 0.01 ? 5 : usd < 1 ? 4 : 2;
	return `$${usd.toFixed(digits)}${unknownCount > 0 ? "+?" : ""}`;
}

/** Formats milliseconds as `850ms` or `1.2s`; `?` for unknown. */
export function formatMs(ms: number | null): string {
	if (ms === null) return "?";
	return ms < 1000 ? `${Math.round(ms)}ms` : `${(ms / 1000).toFixed(1)}s`;
}

/** Formats a 0..1 value with three decimals; `-` when there is none. */
export function formatScore(value: number | null): string {
	return value === null ? "-" : value.toFixed(3);
}

/** Formats a 0..1 share as a percentage; `-` when there is none. */
export function formatPercent(value: number | null): string {
	return value === null ? "-" : `${Math.round(value * 100)}%`;
}

/** Formats seconds as `1m05s` or `42s`. */
export function formatDuration(seconds: number): string {
	if (!Number.isFinite(seconds)) return "?";
	const whole = Math.max(0, Math.round(seconds));
	const minutes = Math.floor(whole / 60);
	return minutes > 0 ? `${minutes}m${String(whole % 60).padStart(2, "0")}s` : `${whole}s`;
}

/** `1 run`, `2 runs`: a count with its noun, plural unless it is one. */
export function plural(count: number, noun: string): string {
	return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
