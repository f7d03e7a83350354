// @ts-check
import { unitMs } from "./units.mjs";

/**
 * Parses a duration such as "90s", "1h 30m", "1.5 hours" or "-2d 4h" into whole milliseconds.
 * The parts add up; a leading minus negates the whole duration. Throws a RangeError quoting the
 * text for anything else: no parts, a number without a unit, an unknown unit, text left over.
 * @param {string} text
 * @returns {number}
 */
export function parseDuration(text) {
	const source = text.trim();
	const negative = source.startsWith("-");
	const body = negative ? source.slice(1).trimStart() : source;
	const part = /(\d+(?:\.\d+)?)\s*([a-z]+)\s*/giy;
	let total = 0;
	let end = 0;
	for (let match = part.exec(body); match !== null; match = part.exec(body)) {
		const [, amount = "", unit = ""] = match;
		const ms = unitMs(unit);
		if (ms === null) throw new RangeError(`unknown unit ${JSON.stringify(unit)} in ${JSON.stringify(text)}`);
		total += Number(amount) * ms;
		end = part.lastIndex;
	}
	if (body === "" || end !== body.length) throw new RangeError(`not a duration: ${JSON.stringify(text)}`);
	return Math.round(negative ? -total : total);
}
