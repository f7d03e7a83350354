import type { Grader } from "../contract/index.js";
import { assertOptions, metricProblems, type OptionProblem } from "./option-issues.js";
import { normalizeText, preview } from "./text.js";
import { createTextGrader, passFail } from "./text-grader.js";

/** Version of the similar grader; it enters the grader and every score it writes. */
export const SIMILAR_GRADER_VERSION = "1";

/** Longest reference accepted, in code points: `similar` is for short answers, and this bounds the work. */
export const MAX_SIMILAR_REFERENCE = 4096;
/** Code points of the output compared; each one past them counts as one more edit. */
export const MAX_SIMILAR_OUTPUT = 16384;

/** Options of {@link createSimilarGrader}. */
export interface SimilarOptions {
	/** The reference text. */
	readonly reference: string;
	/** Lowest similarity that passes, in [0, 1]. */
	readonly min: number;
	/** Compare case as written; defaults to true. False folds case first. */
	readonly case_sensitive?: boolean;
	/** Collapse every run of whitespace to one space first; defaults to true. */
	readonly normalize_whitespace?: boolean;
	/** Metric name; defaults to `similar`. */
	readonly metric?: string;
}

/**
 * Passes when 1 − (Levenshtein distance ÷ the longer length) reaches `min`, both texts taken as
 * Unicode code points after NFC, trimming and (by default) whitespace collapsing. The work is
 * bounded: the reference is at most {@link MAX_SIMILAR_REFERENCE} code points, and only the first
 * {@link MAX_SIMILAR_OUTPUT} of the output are aligned, the rest counting as insertions, so a huge
 * output costs at most a few tens of millions of steps and its similarity is never overstated.
 */
export function createSimilarGrader(options: SimilarOptions): Grader {
	const metric = options.metric ?? "similar";
	const normalization = {
		case_sensitive: options.case_sensitive ?? true,
		trim: true,
		normalize_whitespace: options.normalize_whitespace ?? true,
	};
	const reference = Array.from(normalizeText(options.reference, normalization));
	const problems: OptionProblem[] = [...metricProblems(metric)];
	if (!(options.min >= 0 && options.min <= 1))
		problems.push({
			path: "min",
			message: `expected a number in [0, 1], found ${options.min}`,
			fix: "write e.g. `min: 0.8`",
		});
	if (reference.length > MAX_SIMILAR_REFERENCE)
		problems.push({
			path: "reference",
			message: `the reference has ${reference.length} code points, more than ${MAX_SIMILAR_REFERENCE}`,
			fix: "compare a shorter reference, or check long texts with contains or a rubric",
		});
	assertOptions("similar", problems);
	const codes = reference.map((char) => char.codePointAt(0) ?? 0);
	return createTextGrader({
		id: "similar",
		version: SIMILAR_GRADER_VERSION,
		metric,
		score_type: "boolean",
		config: { metric, reference: options.reference, min: options.min, ...normalization },
		check(text) {
			const output = Array.from(normalizeText(text, normalization), (char) => char.codePointAt(0) ?? 0);
			const compared = output.length > MAX_SIMILAR_OUTPUT ? output.slice(0, MAX_SIMILAR_OUTPUT) : output;
			const distance = levenshtein(compared, codes) + (output.length - compared.length);
			const longer = Math.max(output.length, codes.length);
			const similarity = longer === 0 ? 1 : (longer - distance) / longer;
			const passed = similarity >= options.min;
			const cut =
				compared.length < output.length ? `, the output's first ${MAX_SIMILAR_OUTPUT} code points aligned` : "";
			return passFail(
				passed,
				`similarity ${similarity.toFixed(3)} (${distance} edits over ${longer} code points${cut}) ${passed ? ">=" : "<"} ${options.min}: ${preview(text)}`,
				{ similarity, distance },
			);
		},
	});
}

/** Levenshtein distance between two code point sequences, in one row of memory. */
export function levenshtein(a: readonly number[], b: readonly number[]): number {
	if (a.length < b.length) return levenshtein(b, a);
	const row = new Uint32Array(b.length + 1);
	for (let j = 0; j <= b.length; j++) row[j] = j;
	for (let i = 1; i <= a.length; i++) {
		let diagonal = row[0] as number;
		row[0] = i;
		const char = a[i - 1];
		for (let j = 1; j <= b.length; j++) {
			const above = row[j] as number;
			const substitution = diagonal + (b[j - 1] === char ? 0 : 1);
			const best = Math.min(substitution, above + 1, (row[j - 1] as number) + 1);
			row[j] = best;
			diagonal = above;
		}
	}
	return row[b.length] as number;
}
