import type { CompletionUsage } from "../contract/index.js";

/**
 * What a reported figure must be: a `count` (tokens, turns) is a whole number from 0 to
 * Number.MAX_SAFE_INTEGER, an `amount` (a cost in USD, milliseconds, a rate) any finite number
 * from 0.
 */
export const REPORTED_NUMBER_KINDS = ["count", "amount"] as const;
/** One of {@link REPORTED_NUMBER_KINDS}. */
export type ReportedNumberKind = (typeof REPORTED_NUMBER_KINDS)[number];

/** A figure read from a reply: its value, or null with why when what was reported is no such figure. */
export interface ReportedNumber {
	/** The figure; null when it was absent or unusable. */
	readonly value: number | null;
	/** Why a reported value was dropped, for the run's warnings; null when it was fine or absent. */
	readonly warning: string | null;
}

const ABSENT: ReportedNumber = Object.freeze({ value: null, warning: null });
const EXCERPT_CHARS = 40;

/**
 * Reads a number a model, a provider or a harness reported about itself (a token count, a billed
 * cost). These come from the other side of the wire, so nothing is trusted: a negative, non-finite
 * (`1e999` parses as Infinity), fractional count or non-number (`"lots"`) is not a figure, and is
 * unknown (null) with a warning naming `name` rather than a cost of $-1000 that ranks its model
 * cheapest. Absent (`undefined` or `null`) is unknown without a warning.
 */
export function readReportedNumber(value: unknown, name: string, kind: ReportedNumberKind): ReportedNumber {
	if (value === undefined || value === null) return ABSENT;
	if (typeof value === "number" && Number.isFinite(value) && value >= 0) {
		if (kind === "amount") return { value, warning: null };
		if (Number.isSafeInteger(value)) return { value, warning: null };
	}
	const expected = kind === "count" ? "a whole number from 0" : "a finite number from 0";
	return { value: null, warning: `${name}: reported ${excerpt(value)}, not ${expected}; taken as unknown` };
}

/**
 * Reads several reported figures at once, e.g. every field of a reply's `usage`, adding each
 * warning to `warnings`. Returns the values by the same keys.
 */
export function readReportedNumbers<K extends string>(
	fields: Readonly<Record<K, { readonly value: unknown; readonly name: string; readonly kind: ReportedNumberKind }>>,
	warnings: string[],
): Record<K, number | null> {
	const values = {} as Record<K, number | null>;
	for (const key of Object.keys(fields) as K[]) {
		const field = fields[key];
		const read = readReportedNumber(field.value, field.name, field.kind);
		if (read.warning !== null) warnings.push(read.warning);
		values[key] = read.value;
	}
	return values;
}

function excerpt(value: unknown): string {
	let text: string;
	if (typeof value === "number") text = String(value);
	else {
		try {
			text = JSON.stringify(value) ?? typeof value;
		} catch {
			text = typeof value;
		}
	}
	return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

/** A reported value and where in the reply it was found (`usage.cost`), for the warning. */
export type ReportedField = readonly [value: unknown, name: string];

/**
 * A reply's token counts and billed cost, each read with {@link readReportedNumber} (counts as
 * whole numbers, the cost as an amount), their warnings added to `warnings`: what every provider
 * makes of the usage its wire reports.
 */
export function readReportedUsage(
	fields: {
		readonly input_tokens: ReportedField;
		readonly output_tokens: ReportedField;
		readonly cache_tokens: ReportedField;
		readonly cost: ReportedField;
	},
	warnings: string[],
): { readonly usage: CompletionUsage; readonly billed_cost_usd: number | null } {
	const read = (field: ReportedField, kind: ReportedNumberKind) => {
		const { value, warning } = readReportedNumber(field[0], field[1], kind);
		if (warning !== null) warnings.push(warning);
		return value;
	};
	return {
		usage: {
			input_tokens: read(fields.input_tokens, "count"),
			output_tokens: read(fields.output_tokens, "count"),
			cache_tokens: read(fields.cache_tokens, "count"),
		},
		billed_cost_usd: read(fields.cost, "amount"),
	};
}
