// @ts-check
import { UNITS } from "./units.mjs";

/**
 * Writes whole milliseconds in words, largest unit first, zero parts left out: 5_400_000 is
 * "1h 30m", 0 is "0s", -5_400_000 is "-1h 30m". `parts` keeps at most that many of the largest
 * non-zero parts and drops the rest (cut off, not rounded). Throws a RangeError for a fraction.
 * @param {number} ms
 * @param {{ parts?: number }} [options]
 * @returns {string}
 */
export function formatDuration(ms, { parts = Number.POSITIVE_INFINITY } = {}) {
	if (!Number.isInteger(ms)) throw new RangeError(`not a whole number of milliseconds: ${ms}`);
	if (ms === 0) return "0s";
	let rest = Math.abs(ms);
	/** @type {string[]} */
	const written = [];
	for (const unit of UNITS) {
		if (written.length >= parts) break;
		const count = Math.floor(rest / unit.ms);
		rest -= count * unit.ms;
		if (count > 0) written.push(`${count}${unit.name}`);
	}
	return `${ms < 0 ? "-" : ""}${written.join(" ")}`;
}
