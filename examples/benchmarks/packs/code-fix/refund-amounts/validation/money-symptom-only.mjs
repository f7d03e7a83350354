// @ts-check

/**
 * Parses a decimal amount such as "12.50" or "-3.05" into integer cents.
 * @param {string} text
 * @returns {number}
 */
export function parseAmount(text) {
	const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
	if (match === null) throw new RangeError(`not an amount: ${JSON.stringify(text)}`);
	const [, sign = "", whole = "0", fraction = ""] = match;
	return Number(sign + whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * Formats integer cents with two decimals: 1050 -> "10.50".
 * @param {number} cents
 * @returns {string}
 */
export function formatCents(cents) {
	const sign = cents < 0 ? "-" : "";
	const absolute = Math.abs(cents);
	return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

/**
 * Splits an amount into `parts` shares that differ by at most one cent and add up to it exactly.
 * @param {number} cents
 * @param {number} parts
 * @returns {number[]}
 */
export function splitEvenly(cents, parts) {
	const base = Math.floor(cents / parts);
	const remainder = cents % parts;
	return Array.from({ length: parts }, (_, index) => base + (index < remainder ? 1 : 0));
}
