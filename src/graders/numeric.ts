import type { Grader } from "../contract/index.js";
import { execBounded } from "./bounded-regex.js";
import { assertOptions, metricProblems, nonNegativeProblems, type OptionProblem } from "./option-issues.js";
import { readNumber } from "./read-number.js";
import { compileRegex } from "./regex.js";
import { preview } from "./text.js";
import { createTextGrader, passFail } from "./text-grader.js";

/** Options of {@link createNumericGrader}. */
export interface NumericOptions {
	/** The expected value. */
	readonly expected: number;
	/** Absolute tolerance: passes when |found - expected| <= tolerance. Defaults to 0. */
	readonly tolerance?: number;
	/** Relative tolerance: passes when |found - expected| <= relative_tolerance × |expected|. Defaults to 0. */
	readonly relative_tolerance?: number;
	/**
	 * A regular expression (case-insensitive) the number follows, e.g. `total:?`. The number read
	 * is the first one after its first match. Without it, the first number of the output.
	 */
	readonly label?: string;
	/** Metric name; defaults to `numeric`. */
	readonly metric?: string;
}

/**
 * Reads one number from the output and passes when it is within tolerance of `expected`: within
 * `tolerance` OR within `relative_tolerance`, bounds included (with no tolerance at all, the number
 * must be equal). Numbers are read with `.` as the decimal point and `,` as thousands separator.
 */
export function createNumericGrader(options: NumericOptions): Grader {
	const metric = options.metric ?? "numeric";
	const tolerance = options.tolerance ?? 0;
	const relative_tolerance = options.relative_tolerance ?? 0;
	const label = options.label ?? null;
	const compiledLabel = label === null ? null : compileRegex(label, "i");
	const expectedProblems: OptionProblem[] = Number.isFinite(options.expected)
		? []
		: [
				{
					path: "expected",
					message: `expected a finite number, found ${options.expected}`,
					fix: "write the expected number",
				},
			];
	assertOptions("numeric", [
		...metricProblems(metric),
		...expectedProblems,
		...nonNegativeProblems(tolerance, "tolerance"),
		...nonNegativeProblems(relative_tolerance, "relative_tolerance"),
		...(compiledLabel?.problems ?? []).map((problem) => ({ ...problem, path: "label" })),
	]);
	const allowed = Math.max(tolerance, relative_tolerance * Math.abs(options.expected));
	const bounds = allowed === 0 ? `${options.expected} exactly` : `${options.expected} ± ${allowed}`;
	return createTextGrader({
		id: "numeric",
		metric,
		score_type: "boolean",
		config: { metric, expected: options.expected, tolerance, relative_tolerance, label },
		async check(text, input, { signal }) {
			let rest = text;
			let where = "in the output";
			if (label !== null) {
				const found = await execBounded(label, "i", text, {
					signal,
					where: `(the label of check "${metric}") on case ${input.case.id}`,
				});
				if (found === null)
					return passFail(false, `the label /${label}/i is not in the output: ${preview(text)}`, { found: null });
				rest = text.slice(found.index + found.match.length);
				where = `after ${JSON.stringify(found.match)}`;
			}
			const number = readNumber(rest);
			if (number === null)
				return passFail(false, `no number ${where}; expected ${bounds}: ${preview(text)}`, { found: null });
			const difference = Math.abs(number.value - options.expected);
			// Decimal text rarely survives binary floating point exactly (0.4 - 0.3 > 0.1), so a
			// difference on the bound itself is forgiven a few units in the last place.
			const slack = 8 * Number.EPSILON * Math.max(1, Math.abs(number.value), Math.abs(options.expected));
			const passed = difference <= allowed + slack;
			const extras = { found: number.value, expected: options.expected, difference };
			return passFail(
				passed,
				`read ${number.text} ${where}; expected ${bounds}${passed ? "" : `, off by ${roundForHumans(difference)}`}`,
				extras,
			);
		},
	});
}

function roundForHumans(value: number): string {
	return String(Number(value.toPrecision(6)));
}
