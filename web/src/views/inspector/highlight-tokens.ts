import type { Language } from "./diff-parse.js";

/** What a token of source is, for colouring: one CSS class each. */
export type TokenKind = "keyword" | "string" | "comment" | "number" | "plain";

/** A run of source text of one kind. */
export interface Token {
	readonly kind: TokenKind;
	readonly text: string;
}

const JS_KEYWORDS =
	"async await break case catch class const continue default delete do else export extends false finally for from function if import in instanceof interface let new null of return static super switch this throw true try type typeof undefined var void while yield";
const PY_KEYWORDS =
	"and as assert async await break class continue def del elif else except False finally for from global if import in is lambda None nonlocal not or pass raise return self True try while with yield";
const SHELL_KEYWORDS = "if then else elif fi for in do done while case esac function return export local echo";

const KEYWORDS: Readonly<Partial<Record<Language, ReadonlySet<string>>>> = {
	javascript: new Set(JS_KEYWORDS.split(" ")),
	typescript: new Set(`${JS_KEYWORDS} enum implements private protected public readonly satisfies`.split(" ")),
	python: new Set(PY_KEYWORDS.split(" ")),
	shell: new Set(SHELL_KEYWORDS.split(" ")),
	json: new Set(["true", "false", "null"]),
	yaml: new Set(["true", "false", "null", "yes", "no"]),
};

/** Where a line comment starts in each language (none for JSON and plain text). */
const LINE_COMMENT: Readonly<Partial<Record<Language, string>>> = {
	javascript: "\\/\\/.*|\\/\\*.*?(?:\\*\\/|$)|^\\s*\\*.*",
	typescript: "\\/\\/.*|\\/\\*.*?(?:\\*\\/|$)|^\\s*\\*.*",
	python: "#.*",
	shell: "#.*",
	yaml: "#.*",
};

const patterns = new Map<Language, RegExp>();

function patternOf(language: Language): RegExp {
	let pattern = patterns.get(language);
	if (pattern === undefined) {
		const comment = LINE_COMMENT[language];
		const parts = [
			comment === undefined ? null : `(?<comment>${comment})`,
			"(?<string>\"(?:[^\"\\\\]|\\\\.)*\"?|'(?:[^'\\\\]|\\\\.)*'?|`(?:[^`\\\\]|\\\\.)*`?)",
			"(?<number>\\b\\d[\\d_]*(?:\\.\\d+)?(?:e[+-]?\\d+)?\\b)",
			"(?<word>[A-Za-z_$][\\w$]*)",
		].filter((part) => part !== null);
		pattern = new RegExp(parts.join("|"), "g");
		patterns.set(language, pattern);
	}
	return pattern;
}

/**
 * Splits one line of source into coloured tokens: comments, strings, numbers and the language's
 * keywords; everything else is plain. Line by line, so a string or comment that spans lines is
 * coloured on its first line only: enough to read a diff, not a parser.
 */
export function highlightLine(line: string, language: Language): Token[] {
	if (language === "text" || language === "markdown") return [{ kind: "plain", text: line }];
	const keywords = KEYWORDS[language];
	const tokens: Token[] = [];
	let at = 0;
	for (const match of line.matchAll(patternOf(language))) {
		const index = match.index ?? 0;
		if (index > at) tokens.push({ kind: "plain", text: line.slice(at, index) });
		const groups = match.groups ?? {};
		const kind: TokenKind =
			groups.comment !== undefined
				? "comment"
				: groups.string !== undefined
					? "string"
					: groups.number !== undefined
						? "number"
						: keywords?.has(match[0]) === true
							? "keyword"
							: "plain";
		tokens.push({ kind, text: match[0] });
		at = index + match[0].length;
	}
	if (at < line.length) tokens.push({ kind: "plain", text: line.slice(at) });
	return tokens;
}
