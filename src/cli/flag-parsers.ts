import { InvalidArgumentError } from "commander";

/** Parses a positive integer flag value, or tells the user what was expected. */
export function positiveInteger(value: string): number {
	const parsed = Number(value);
	if (!Number.isInteger(parsed) || parsed < 1)
		throw new InvalidArgumentError(`expected a whole number ≥ 1, got "${value}".`);
	return parsed;
}

/**
 * A parser of a whole-number flag from 1 to `max` (a bound of COUNT_BOUNDS: the flag sizes an
 * allocation, a pool or a loop), telling the user what was expected.
 */
export function integerUpTo(max: number): (value: string) => number {
	return (value) => {
		const parsed = Number(value);
		if (!Number.isInteger(parsed) || parsed < 1 || parsed > max)
			throw new InvalidArgumentError(`expected a whole number ≥ 1 and ≤ ${max}, got "${value}".`);
		return parsed;
	};
}

/** Parses a TCP port (0 = any free port). */
export function port(value: string): number {
	const parsed = Number(value);
	if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535)
		throw new InvalidArgumentError(`expected a port between 0 and 65535, got "${value}".`);
	return parsed;
}

/** Parses a comma-separated list, dropping empty items. */
export function commaList(value: string): string[] {
	const items = value
		.split(",")
		.map((item) => item.trim())
		.filter((item) => item !== "");
	if (items.length === 0) throw new InvalidArgumentError("expected a comma-separated list, e.g. a,b.");
	return items;
}
