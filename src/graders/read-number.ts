/**
 * A number written in prose: an optional sign (`-`, `+` or the Unicode minus `−`; not a hyphen
 * after a letter or digit, so `INV-1042` reads 1042), digits with
 * optional `,` thousands groups, an optional `.` fraction and exponent. `1,234.5` reads 1234.5;
 * a comma not followed by exactly three digits ends the number (`3,5` reads 3).
 */
const NUMBER = /(?:(?<![\p{L}\p{N}])[-+\u2212])?(?:(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?/u;

/** The first number in `text`, with the text it was read from; null when there is none. */
export function readNumber(text: string): { readonly value: number; readonly text: string } | null {
	const match = NUMBER.exec(text);
	if (match === null) return null;
	const written = match[0];
	const value = Number(written.replace(/,/g, "").replace("\u2212", "-"));
	return Number.isFinite(value) ? { value, text: written } : null;
}
