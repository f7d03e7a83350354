// @ts-check

/** Milliseconds per unit, by the suffix a duration is written with. */
const UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Parses a duration of one number and one unit, such as "90s", "2m", "1h" or "250ms", into
 * milliseconds. Throws a RangeError for anything else.
 * @param {string} text
 * @returns {number}
 */
export function parseDuration(text) {
	const match = /^(\d+)(ms|s|m|h)$/.exec(text.trim());
	if (match === null) throw new RangeError(`not a duration: ${JSON.stringify(text)}`);
	const [, amount = "", unit = ""] = match;
	return Number(amount) * UNITS[/** @type {keyof typeof UNITS} */ (unit)];
}

/**
 * Formats milliseconds as a clock, hh:mm:ss (whole seconds, cut off): 5_400_000 -> "01:30:00".
 * @param {number} ms
 * @returns {string}
 */
export function formatDuration(ms) {
	const seconds = Math.floor(ms / 1000);
	const clock = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
	return clock.map((part) => String(part).padStart(2, "0")).join(":");
}
