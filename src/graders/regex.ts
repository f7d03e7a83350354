import type { Grader } from "../contract/index.js";
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
}

/** Passes when the output matches `pattern` (or, with `must_match: false`, when it does not). */
export function createRegexGrader(options: RegexOptions): Grader {
	const metric = options.metric ?? "regex";
	const flags = options.flags ?? "";
	const must_match = options.must_match ?? true;
	const compiled = compileRegex(options.pattern, flags);
	assertOptions("regex", [...metricProblems(metric), ...compiled.problems]);
	// Without `g`, and with lastIndex reset, a shared RegExp gives the same answer every time
	// (`y` still anchors the match at the start).
	const regex = new RegExp(options.pattern, flags.replace("g", ""));
	const shown = `/${options.pattern}/${flags}`;
	return createTextGrader({
		id: "regex",
		metric,
		score_type: "boolean",
		config: { metric, pattern: options.pattern, flags, must_match },
		check(text) {
			regex.lastIndex = 0;
			const found = regex.exec(text);
			const match = found === null ? null : found[0];
			const at = found === null ? "" : `${preview(found[0])} at character ${found.index}`;
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
