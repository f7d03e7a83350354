import type { CommentLanguage } from "./file-kinds.js";
import { splitLines } from "./line-diff.js";

/** Comment lines and counted lines (lines with code or a comment) of one file. */
export interface CommentCount {
	/** Lines holding a comment (a `#` or `//` outside strings, or part of a block comment). */
	readonly comment_lines: number;
	/** Lines holding code or a comment; blank lines and lines wholly inside a string literal do not count. */
	readonly counted_lines: number;
}

/**
 * Counts the comment lines of a Python or JavaScript/TypeScript file with a small scanner that
 * knows strings (Python's `'`, `"`, triple quotes with prefixes; JS's `'`, `"` and template
 * literals), so a `#` or `//` inside a string is not a comment and a docstring or a multi-line
 * string is neither code nor comment: string literals are excluded, as the seed asks.
 */
export function countComments(text: string, language: CommentLanguage): CommentCount {
	return language === "python" ? scan(text, PYTHON) : scan(text, JAVASCRIPT);
}

interface Syntax {
	readonly lineComment: string;
	readonly blockComment: readonly [string, string] | null;
	/** Opening quotes, longest first; a quote that spans lines (triple, template) closes only on itself. */
	readonly quotes: readonly { readonly open: string; readonly multiline: boolean }[];
}

const PYTHON: Syntax = {
	lineComment: "#",
	blockComment: null,
	quotes: [
		{ open: '"""', multiline: true },
		{ open: "'''", multiline: true },
		{ open: '"', multiline: false },
		{ open: "'", multiline: false },
	],
};

const JAVASCRIPT: Syntax = {
	lineComment: "//",
	blockComment: ["/*", "*/"],
	quotes: [
		{ open: "`", multiline: true },
		{ open: '"', multiline: false },
		{ open: "'", multiline: false },
	],
};

type State =
	| { readonly kind: "code" }
	| { readonly kind: "block" }
	| { readonly kind: "string"; readonly quote: string };

function scan(text: string, syntax: Syntax): CommentCount {
	let state: State = { kind: "code" };
	let comment_lines = 0;
	let counted_lines = 0;
	for (const line of splitLines(text)) {
		let code = false;
		let comment = false;
		let index = 0;
		while (index < line.length) {
			if (state.kind === "block") {
				comment = true;
				const close = line.indexOf((syntax.blockComment as readonly [string, string])[1], index);
				if (close === -1) index = line.length;
				else {
					index = close + 2;
					state = { kind: "code" };
				}
				continue;
			}
			if (state.kind === "string") {
				const end = closingQuote(line, index, state.quote);
				if (end === -1) index = line.length;
				else {
					index = end + state.quote.length;
					state = { kind: "code" };
				}
				continue;
			}
			const char = line[index] as string;
			if (char === " " || char === "\t") {
				index += 1;
				continue;
			}
			if (line.startsWith(syntax.lineComment, index)) {
				comment = true;
				break;
			}
			if (syntax.blockComment !== null && line.startsWith(syntax.blockComment[0], index)) {
				comment = true;
				state = { kind: "block" };
				index += 2;
				continue;
			}
			const quote = syntax.quotes.find((item) => line.startsWith(item.open, index));
			if (quote !== undefined) {
				state = { kind: "string", quote: quote.open };
				index += quote.open.length;
				continue;
			}
			code = true;
			index += 1;
		}
		// A one-line string left open at the end of its line ends there (a syntax error, or a `\` continuation).
		if (state.kind === "string" && !isMultiline(syntax, state.quote) && !line.endsWith("\\")) state = { kind: "code" };
		if (comment) comment_lines += 1;
		if (code || comment) counted_lines += 1;
	}
	return { comment_lines, counted_lines };
}

function isMultiline(syntax: Syntax, quote: string): boolean {
	return syntax.quotes.some((item) => item.open === quote && item.multiline);
}

/** Index of the unescaped closing `quote` at or after `from`, or -1. */
function closingQuote(line: string, from: number, quote: string): number {
	for (let index = from; index < line.length; index++) {
		if (line[index] === "\\") {
			index += 1;
			continue;
		}
		if (line.startsWith(quote, index)) return index;
	}
	return -1;
}
