import { CORE_SCHEMA, load } from "js-yaml";
import { type Document, LineCounter, parseDocument } from "yaml";
import type { InputIssue } from "../contract/index.js";
import { type DocumentPath, formatPath, IDENTIFIER_KEY, valueAt } from "./document-path.js";
import { aliasBoundIssue } from "./input-bounds.js";
import { createPositionFinder, type PositionFinder, type SyntaxFixes, yamlSyntaxIssues } from "./yaml-positions.js";

/** What a problem says before it is placed in a file. */
export interface Problem {
	/** Path of the node the problem is about. */
	readonly path: DocumentPath;
	/** What is wrong: what was expected and what was found. */
	readonly message: string;
	/** How to fix it. */
	readonly fix: string | null;
	/** Point at the mapping key rather than its value (unknown keys); default false. */
	readonly atKey?: boolean;
}

/** One parsed YAML file that places problems on the line and column of their node. */
export interface YamlDocument {
	/** The file, as issues name it. */
	readonly source: string;
	/** The document as plain data; null for an empty or unparsable file. */
	readonly data: unknown;
	/** Syntax errors; when any, `data` is null. */
	readonly syntaxIssues: readonly InputIssue[];
	/** Places a problem at its node, or at the nearest existing parent. */
	issue(problem: Problem): InputIssue;
}

/** How a {@link YamlDocument} words its issues. */
export interface YamlDocumentOptions {
	/** Fixes for syntax errors. */
	readonly syntaxFixes: SyntaxFixes;
	/** Keys shown bare in issue paths; default {@link IDENTIFIER_KEY}. */
	readonly plainKey?: RegExp;
}

/**
 * Parses YAML text. The happy path is a plain parse (js-yaml); positions (a full Document with a line
 * counter, several times the memory of the data) are built only when a problem must name its
 * line and column, so loading tens of thousands of valid cases stays cheap. Aliases that expand past
 * INPUT_BOUNDS.aliasNodes are a syntax issue at the first alias (the file's size is the reader's
 * bound: see readInputFile).
 */
export function parseYamlDocument(source: string, text: string, options: YamlDocumentOptions): YamlDocument {
	let located: { document: Document; lineCounter: LineCounter; find: PositionFinder } | undefined;
	const locate = () => {
		if (located === undefined) {
			const lineCounter = new LineCounter();
			const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
			located = { document, lineCounter, find: createPositionFinder(document, lineCounter) };
		}
		return located;
	};
	let data: unknown = null;
	let syntaxIssues: InputIssue[] = [];
	try {
		// js-yaml's core schema (no timestamps, so a date stays a string) parses a large pack about
		// ten times faster than the positional parser, with a fraction of its memory.
		const parsed = load(text, { schema: CORE_SCHEMA, filename: source }) as unknown;
		// Checked before anything walks the data: an alias bomb is small as parsed, huge once walked.
		const bomb = aliasBoundIssue(source, text, parsed, locate);
		if (bomb === null) data = detachStrings(parsed);
		else syntaxIssues = [bomb];
	} catch (error) {
		const { document, lineCounter } = locate();
		syntaxIssues = yamlSyntaxIssues(source, document, lineCounter, options.syntaxFixes);
		// What js-yaml refuses and the positional parser accepts (a merge key onto a scalar): its own words.
		if (syntaxIssues.length === 0) syntaxIssues = [jsYamlIssue(source, error, options.syntaxFixes.otherwise)];
	}
	const plainKey = options.plainKey ?? IDENTIFIER_KEY;
	return {
		source,
		data: syntaxIssues.length > 0 ? null : data,
		syntaxIssues,
		issue({ path, message, fix, atKey = false }) {
			const position = locate().find(path, atKey ? "key" : "value");
			return { source, ...position, path: formatPath(path, plainKey), message, fix };
		},
	};
}

/** The issue of a js-yaml exception, at its mark when it has one. */
function jsYamlIssue(source: string, error: unknown, fix: string): InputIssue {
	const { reason, mark } = error as { reason?: string; mark?: { line: number; column: number } };
	const message = `invalid YAML: ${reason ?? (error as Error).message}`;
	const position = mark === undefined ? { line: null, column: null } : { line: mark.line + 1, column: mark.column + 1 };
	return { source, ...position, path: "", message, fix };
}

/** A document whose positions are unknown (a value handed over without its file). */
export function unplacedDocument(
	source: string,
	data: unknown,
	prefix: DocumentPath = [],
	plainKey: RegExp = IDENTIFIER_KEY,
): YamlDocument {
	return {
		source,
		data,
		syntaxIssues: [],
		issue({ path, message, fix }) {
			return { source, line: null, column: null, path: formatPath([...prefix, ...path], plainKey), message, fix };
		},
	};
}

/** The same document seen from the node at `prefix`: problem paths are relative to it. */
export function subDocument(document: YamlDocument, prefix: DocumentPath): YamlDocument {
	return {
		source: document.source,
		data: valueAt(document.data, prefix),
		syntaxIssues: [],
		issue: (problem) => document.issue({ ...problem, path: [...prefix, ...problem.path] }),
	};
}

/** Strings at least this long may be slices of the text they were parsed from (V8's SlicedString). */
const SLICEABLE_LENGTH = 13;

/** A copy of `text` that shares no memory with it, code unit for code unit (lone surrogates too). */
function copyString(text: string): string {
	const encoding = BEYOND_LATIN1.test(text) ? "utf16le" : "latin1";
	return Buffer.from(text, encoding).toString(encoding);
}

/** Any character past Latin-1: such a string is stored with two bytes per code unit anyway. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the range starts at U+0000 on purpose, to cover all of Latin-1
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/u;

/**
 * Replaces, in place, every string of parsed data that may be a slice of the file's text with a
 * copy of its own, and returns the data. A slice keeps the whole text alive: 50,000 prompts
 * parsed from one 3 MB file held all 3 MB (and a 32-byte slice each) for the whole run.
 */
function detachStrings(value: unknown): unknown {
	if (typeof value === "string") return value.length >= SLICEABLE_LENGTH ? copyString(value) : value;
	if (Array.isArray(value)) {
		for (let index = 0; index < value.length; index++) value[index] = detachStrings(value[index]);
		return value;
	}
	if (value !== null && typeof value === "object") {
		const record = value as Record<string, unknown>;
		for (const key of Object.keys(record)) record[key] = detachStrings(record[key]);
	}
	return value;
}
