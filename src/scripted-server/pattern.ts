const INLINE_FLAGS = /^\(\?([ims]+)\)/;

/**
 * Compiles a script regex. A leading `(?i)` (or `(?m)`, `(?s)`, combined like `(?is)`) sets the
 * flags, as in PCRE and Python, because JavaScript has no inline flags of its own.
 */
export function compilePattern(source: string): RegExp {
	const inline = INLINE_FLAGS.exec(source);
	if (inline === null) return new RegExp(source);
	const flags = [...new Set(inline[1])].join("");
	return new RegExp(source.slice(inline[0].length), flags);
}

/** Why a script regex does not compile, or null when it does. */
export function patternProblem(source: string): string | null {
	try {
		compilePattern(source);
		return null;
	} catch (error) {
		return (error instanceof Error ? error.message : String(error)).replace(/^Invalid regular expression: /, "");
	}
}
