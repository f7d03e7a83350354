import { CORE_SCHEMA, load } from "js-yaml";
import { type Document, isAlias, isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import type { InputIssue } from "../../contract/index.js";

/** A path inside a YAML document: mapping keys and sequence indexes, from the root. */
export type DocumentPath = readonly (string | number)[];

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

const SYNTAX_FIXES: Record<string, string> = {
	BAD_INDENT: "indent keys with spaces so that they line up under their parent",
	TAB_AS_INDENT: "indent with spaces; YAML does not allow tabs",
	DUPLICATE_KEY: "keep one of the two keys and delete the other",
	MULTIPLE_DOCS: "keep one document in the file (remove the `---` separator), or list the cases under `cases:`",
	BLOCK_AS_IMPLICIT_KEY: "check the indentation of this line and the one above",
};

/**
 * Parses YAML text. The happy path is a plain parse (js-yaml); positions (a full Document with a line
 * counter, several times the memory of the data) are built only when a problem must name its
 * line and column, so loading tens of thousands of valid cases stays cheap.
 */
export function parseYamlDocument(source: string, text: string): YamlDocument {
	let located: { document: Document; lineCounter: LineCounter } | undefined;
	const locate = () => {
		if (located === undefined) {
			const lineCounter = new LineCounter();
			located = { document: parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true }), lineCounter };
		}
		return located;
	};
	const position = (offset: number) => {
		const { line, col } = locate().lineCounter.linePos(offset);
		return { line, column: col };
	};
	let data: unknown = null;
	let syntaxIssues: InputIssue[] = [];
	try {
		// js-yaml's core schema (no timestamps, so a date stays a string) parses a large pack about
		// ten times faster than the positional parser, with a fraction of its memory.
		data = load(text, { schema: CORE_SCHEMA, filename: source }) as unknown;
	} catch {
		syntaxIssues = locate().document.errors.map(
			(error): InputIssue => ({
				source,
				...position(error.pos[0]),
				path: "",
				message: `invalid YAML: ${error.message.split("\n")[0]}`,
				fix: SYNTAX_FIXES[error.code] ?? "fix the YAML syntax here (indentation, quoting, `key: value` pairs)",
			}),
		);
	}
	return {
		source,
		data: syntaxIssues.length > 0 ? null : data,
		syntaxIssues,
		issue({ path, message, fix, atKey = false }) {
			return { source, ...position(nodeOffset(locate().document, path, atKey)), path: formatPath(path), message, fix };
		},
	};
}

/** A document whose positions are unknown (a value handed over without its file). */
export function unplacedDocument(source: string, data: unknown, prefix: DocumentPath = []): YamlDocument {
	return {
		source,
		data,
		syntaxIssues: [],
		issue({ path, message, fix }) {
			return { source, line: null, column: null, path: formatPath([...prefix, ...path]), message, fix };
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

const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Renders a path the way issues show it: `cases[2].checks[0].regex`. */
export function formatPath(path: DocumentPath): string {
	let text = "";
	for (const segment of path) {
		if (typeof segment === "number") text += `[${segment}]`;
		else if (PLAIN_KEY.test(segment)) text += text === "" ? segment : `.${segment}`;
		else text += `[${JSON.stringify(segment)}]`;
	}
	return text;
}

/** The value at `path` inside plain data, or undefined when absent. */
export function valueAt(data: unknown, path: DocumentPath): unknown {
	let current = data;
	for (const segment of path) {
		if (Array.isArray(current) && typeof segment === "number") current = current[segment];
		else if (isRecord(current) && typeof segment === "string" && Object.hasOwn(current, segment))
			current = current[segment];
		else return undefined;
	}
	return current;
}

/** True for a plain mapping (not null, not a list). */
export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Offset of the node at `path`; for a missing key, the mapping that should hold it. */
function nodeOffset(document: Document, path: DocumentPath, atKey: boolean): number {
	let node: unknown = document.contents;
	let offset = rangeStart(node) ?? 0;
	for (const [index, segment] of path.entries()) {
		if (isAlias(node)) node = node.resolve(document);
		let next: unknown;
		let keyOffset: number | undefined;
		if (isMap(node)) {
			const pair = node.items.find(
				(item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment),
			);
			if (pair === undefined) return offset;
			keyOffset = rangeStart(pair.key);
			next = pair.value;
			// An empty value (`prompt:`) has no text of its own: point at its key instead.
			if (index === path.length - 1 && (atKey || next === null || isEmptyScalar(next))) return keyOffset ?? offset;
		} else if (isSeq(node) && typeof segment === "number") {
			next = node.items[segment];
			if (next === undefined) return offset;
		} else {
			return offset;
		}
		offset = rangeStart(next) ?? keyOffset ?? offset;
		node = next;
	}
	return offset;
}

function rangeStart(node: unknown): number | undefined {
	return (node as Node | null)?.range?.[0];
}

function isEmptyScalar(node: unknown): boolean {
	return isScalar(node) && node.value === null && node.source === "";
}
