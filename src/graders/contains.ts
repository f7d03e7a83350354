import type { Grader } from "../contract/index.js";
import { assertOptions, metricProblems, type OptionProblem } from "./option-issues.js";
import { normalizeText, quoteList } from "./text.js";
import { createTextGrader, passFail } from "./text-grader.js";

/** How {@link createContainsGrader} combines its values. */
export const CONTAINS_MODES = ["all", "any"] as const;
/** One of {@link CONTAINS_MODES}. */
export type ContainsMode = (typeof CONTAINS_MODES)[number];

/** Options of {@link createContainsGrader}. */
export interface ContainsOptions {
	/** Substrings to look for; at least one. */
	readonly values: readonly string[];
	/** `all` (default) scores the fraction found; `any` passes when one is found. */
	readonly mode?: ContainsMode;
	/** Match case as written; defaults to true. */
	readonly case_sensitive?: boolean;
	/** Metric name; defaults to `contains`. */
	readonly metric?: string;
}

/**
 * Looks for substrings in the output. In `all` mode the score is the fraction of values found
 * (`absolute`; only 1 means every value is there); in `any` mode it is pass/fail (`boolean`).
 * The reasoning names the values that are missing.
 */
export function createContainsGrader(options: ContainsOptions): Grader {
	const metric = options.metric ?? "contains";
	const mode = options.mode ?? "all";
	const case_sensitive = options.case_sensitive ?? true;
	assertOptions("contains", [...metricProblems(metric), ...valueProblems(options.values)]);
	const normalization = { case_sensitive, trim: false, normalize_whitespace: false };
	const needles = options.values.map((value) => normalizeText(value, normalization));
	return createTextGrader({
		id: "contains",
		metric,
		score_type: mode === "all" ? "absolute" : "boolean",
		config: { metric, values: [...options.values], mode, case_sensitive },
		check(text) {
			const haystack = normalizeText(text, normalization);
			const found = options.values.filter((_, index) => haystack.includes(needles[index] ?? ""));
			const missing = options.values.filter((value) => !found.includes(value));
			const extras = { found, missing };
			if (mode === "any")
				return passFail(
					found.length > 0,
					found.length > 0 ? `found ${quoteList(found)}` : `none of ${quoteList(missing)} is in the output`,
					extras,
				);
			const total = options.values.length;
			const reasoning =
				missing.length === 0
					? `found all ${total} value${total === 1 ? "" : "s"}`
					: `found ${found.length} of ${total}; missing ${quoteList(missing)}`;
			return { value: found.length / total, value_label: `${found.length}/${total}`, reasoning, extras };
		},
	});
}

function valueProblems(values: readonly string[]): OptionProblem[] {
	if (values.length === 0)
		return [{ path: "values", message: "expected at least one value, found none", fix: "list the text to look for" }];
	return values.flatMap((value, index) =>
		value === ""
			? [
					{
						path: `values[${index}]`,
						message: "an empty value is in every output",
						fix: "remove it, or write the text to look for",
					},
				]
			: [],
	);
}
