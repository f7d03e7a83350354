import type { Grader } from "../contract/index.js";
import { assertOptions, metricProblems } from "./option-issues.js";
import { normalizeText, preview } from "./text.js";
import { createTextGrader, passFail } from "./text-grader.js";

/** Options of {@link createExactGrader}. */
export interface ExactOptions {
	/** The whole answer expected. */
	readonly expected: string;
	/** Metric name; defaults to `exact`. */
	readonly metric?: string;
	/** Compare case as written; defaults to true. False folds case (`ß` = `SS`). */
	readonly case_sensitive?: boolean;
	/** Ignore leading and trailing whitespace; defaults to true. */
	readonly trim?: boolean;
	/** Treat every run of whitespace (newlines included) as one space; defaults to false. */
	readonly normalize_whitespace?: boolean;
}

/** Passes when the output equals `expected`, after the normalization its options ask for. */
export function createExactGrader(options: ExactOptions): Grader {
	const metric = options.metric ?? "exact";
	assertOptions("exact", metricProblems(metric));
	const normalization = {
		case_sensitive: options.case_sensitive ?? true,
		trim: options.trim ?? true,
		normalize_whitespace: options.normalize_whitespace ?? false,
	};
	const expected = normalizeText(options.expected, normalization);
	return createTextGrader({
		id: "exact",
		metric,
		score_type: "boolean",
		config: { metric, expected: options.expected, ...normalization },
		check(text) {
			const actual = normalizeText(text, normalization);
			if (actual === expected) return passFail(true, `the output equals ${JSON.stringify(options.expected)}`);
			return passFail(false, `expected ${JSON.stringify(options.expected)}, got ${preview(text)}${hint(text)}`);
		},
	});
	function hint(text: string): string {
		if (
			normalization.case_sensitive &&
			normalizeText(text, { ...normalization, case_sensitive: false }) ===
				normalizeText(options.expected, { ...normalization, case_sensitive: false })
		)
			return " (it differs only in case; set case_sensitive: false to accept that)";
		return "";
	}
}
