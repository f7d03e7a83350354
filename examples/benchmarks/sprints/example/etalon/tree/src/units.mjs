// @ts-check

/** @typedef {{ name: string, ms: number, aliases: readonly string[] }} Unit */

/**
 * The units a duration is written in, largest first: each with its milliseconds, the short name
 * formatDuration writes, and every alias parseDuration reads (the name included).
 * @type {readonly Unit[]}
 */
export const UNITS = Object.freeze([
	{ name: "w", ms: 604_800_000, aliases: ["w", "wk", "week", "weeks"] },
	{ name: "d", ms: 86_400_000, aliases: ["d", "day", "days"] },
	{ name: "h", ms: 3_600_000, aliases: ["h", "hr", "hrs", "hour", "hours"] },
	{ name: "m", ms: 60_000, aliases: ["m", "min", "mins", "minute", "minutes"] },
	{ name: "s", ms: 1_000, aliases: ["s", "sec", "secs", "second", "seconds"] },
	{ name: "ms", ms: 1, aliases: ["ms", "msec", "millisecond", "milliseconds"] },
]);

/**
 * The milliseconds of one unit, given by any of its aliases in any case; null for a unit it does
 * not know, so a caller can say which unit was wrong.
 * @param {string} unit
 * @returns {number | null}
 */
export function unitMs(unit) {
	const wanted = unit.toLowerCase();
	return UNITS.find((entry) => entry.aliases.includes(wanted))?.ms ?? null;
}
