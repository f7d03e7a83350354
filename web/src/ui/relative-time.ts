/**
 * "3 minutes ago", "in 2 days": how long ago a timestamp was, in the largest unit that fits, for
 * lines that also show the absolute time (`when`). Null or an unreadable timestamp is "never".
 */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
	["year", 365 * 24 * 3600],
	["month", 30 * 24 * 3600],
	["week", 7 * 24 * 3600],
	["day", 24 * 3600],
	["hour", 3600],
	["minute", 60],
	["second", 1],
];

const format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** How long before (or after) `now` the ISO timestamp `iso` is. */
export function relativeTime(iso: string | null | undefined, now: number = Date.now()): string {
	if (iso === null || iso === undefined) return "never";
	const at = Date.parse(iso);
	if (Number.isNaN(at)) return iso;
	const seconds = (at - now) / 1000;
	for (const [unit, size] of UNITS)
		if (Math.abs(seconds) >= size || unit === "second") return format.format(Math.round(seconds / size), unit);
	return format.format(0, "second");
}
