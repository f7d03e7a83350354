import type { Grader } from "../contract/index.js";
import { execBounded, REGEX_TIME_LIMIT_MS } from "./bounded-regex.js";
import { assertOptions, metricProblems, type OptionProblem } from "./option-issues.js";
import { preview } from "./text.js";
import { createTextGrader, passFail } from "./text-grader.js";

/** Options of {@link createRegexGrader}. */
export interface RegexOptions {
	/** A JavaScript regular expression, without slashes. */
	readonly pattern: string;
	/** Regular expression flags, e.g. `i` or `ms`; defaults to none. */
	readonly flags?: string;
	/** True (default): the output must match. False: the output must not match. */
	readonly must_match?: boolean;
	/** Metric name; defaults to `regex`. */
	readonly metric?: string;
	/** Wall-clock bound of the match on one output; past it the cell is a grader error. Default 1 s. */
	readonly time_limit_ms?: number;
}

/**
 * Passes when the output matches `pattern` (or, with `must_match: false`, when it does not). The
 * match runs off the main thread under a time bound (see {@link execBounded}): a pattern that
 * backtracks catastrophically on an output is a grader error on that cell, never a hung run.
 */
export function createRegexGrader(options: RegexOptions): Grader {
	const metric = options.metric ?? "regex";
	const flags = options.flags ?? "";
	const must_match = options.must_match ?? true;
	const compiled = compileRegex(options.pattern, flags);
	assertOptions("regex", [...metricProblems(metric), ...compiled.problems]);
	const limitMs = options.time_limit_ms ?? REGEX_TIME_LIMIT_MS;
	const shown = `/${options.pattern}/${flags}`;
	return createTextGrader({
		id: "regex",
		metric,
		score_type: "boolean",
		config: { metric, pattern: options.pattern, flags, must_match },
		async check(text, input, { signal }) {
			// Without `g` (dropped in the worker) every run gives the same answer; `y` still anchors.
			const found = await execBounded(options.pattern, flags, text, {
				limitMs,
				signal,
				where: `of check "${metric}" on case ${input.case.id}`,
			});
			const match = found === null ? null : found.match;
			const at = found === null ? "" : `${preview(found.match)} at character ${found.index}`;
			if (must_match)
				return match === null
					? passFail(false, `the output does not match ${shown}: ${preview(text)}`)
					: passFail(true, `matches ${shown}: ${at}`, { match });
			return match === null
				? passFail(true, `no match for ${shown}, as required`)
				: passFail(false, `the output must not match ${shown}, but it does: ${at}`, { match });
		},
	});
}

/** Compiles a pattern, or says why it does not compile. */
export function compileRegex(
	pattern: string,
	flags: string,
): { readonly regex: RegExp | null; readonly problems: readonly OptionProblem[] } {
	try {
		return { regex: new RegExp(pattern, flags), problems: [] };
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		const badFlags = /flag/i.test(message);
		return {
			regex: null,
			problems: [
				badFlags
					? {
							path: "flags",
							message: `invalid flags ${JSON.stringify(flags)}: ${message}`,
							fix: "use flags from d, i, m, s, u, v, y, each once",
						}
					: {
							path: "pattern",
							message: `the pattern does not compile: ${message}`,
							fix: "fix the regular expression (escape special characters such as ( [ { . * + ? with a backslash)",
						},
			],
		};
	}
}
