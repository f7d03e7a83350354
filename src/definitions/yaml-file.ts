import { type Document, isAlias, isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import type { InputIssue } from "../contract/index.js";
import { type DocumentPath, formatPath } from "./document-path.js";

/** Where an issue points: at a mapping key (unknown keys) or at a value (everything else). */
export type IssueTarget = "key" | "value";

/** What an issue says, before it is placed in a file. */
export interface IssueText {
	/** What is wrong: what was expected and what was found. */
	readonly message: string;
	/** How to fix it. */
	readonly fix: string | null;
	/** Point at the key rather than its value; default `value`. */
	readonly at?: IssueTarget;
}

/** One parsed YAML file that can place issues on the line and column of any node. */
export interface YamlFile {
	/** The path shown in issues, e.g. `benchmarks/models.yaml`. */
	readonly source: string;
	/** The document as plain data (aliases resolved); null for an empty file. */
	readonly data: unknown;
	/** Syntax errors reported by the YAML parser; when any, `data` is not to be trusted. */
	readonly syntaxIssues: readonly InputIssue[];
	/** Builds an issue located at the node `path` names (or its nearest existing parent). */
	issueAt(path: DocumentPath, text: IssueText): InputIssue;
	/** The 1-based line of the node at `path`, or of its nearest existing parent. */
	lineOf(path: DocumentPath): number;
}

const SYNTAX_FIXES: Record<string, string> = {
	BAD_INDENT: "indent nested keys with spaces so they line up under their parent",
	TAB_AS_INDENT: "indent with spaces; YAML does not allow tabs",
	DUPLICATE_KEY: "keep one of the two keys and delete the other",
	MISSING_CHAR: "check the indentation and that every list item starts with `- `",
	MULTIPLE_DOCS: "keep one document in the file: remove the `---` separator",
	BAD_SCALAR_START: "quote the value",
	MULTILINE_IMPLICIT_KEY: "put the key and its value on one line, or quote the value",
	BLOCK_AS_IMPLICIT_KEY: "check the indentation of the line above",
};

/** Parses YAML text, keeping positions so that later issues can name their line and column. */
export function parseYamlFile(source: string, text: string): YamlFile {
	const lineCounter = new LineCounter();
	const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: true });
	const position = (offset: number): { line: number; column: number } => {
		const { line, col } = lineCounter.linePos(offset);
		return { line, column: col };
	};
	const syntaxIssues = document.errors.map(
		(error): InputIssue => ({
			source,
			...position(error.pos[0]),
			path: "",
			message: `invalid YAML: ${error.message}`,
			fix: SYNTAX_FIXES[error.code] ?? "fix the YAML syntax here (indentation, quoting, `key: value` pairs)",
		}),
	);
	const offsetOf = (path: DocumentPath, at: IssueTarget): number => nodeOffset(document, path, at);
	return {
		source,
		data: syntaxIssues.length > 0 ? null : document.toJS({ maxAliasCount: 1000 }),
		syntaxIssues,
		issueAt(path, { message, fix, at = "value" }) {
			return { source, ...position(offsetOf(path, at)), path: formatPath(path), message, fix };
		},
		lineOf(path) {
			return position(offsetOf(path, "value")).line;
		},
	};
}

/** Offset of the node at `path`; for a missing key, the mapping that should hold it. */
function nodeOffset(document: Document, path: DocumentPath, at: IssueTarget): number {
	let node: unknown = document.contents;
	let offset = rangeStart(node) ?? 0;
	for (const [index, segment] of path.entries()) {
		if (isAlias(node)) node = node.resolve(document);
		let next: unknown;
		let keyOffset: number | undefined;
		if (isMap(node)) {
			const pair = node.items.find((item) => isPair(item) && keyText(item.key) === String(segment));
			if (pair === undefined) return offset;
			keyOffset = rangeStart(pair.key);
			next = pair.value;
			const last = index === path.length - 1;
			// An empty value (`title:`) has no text of its own: point at its key instead.
			if (last && (at === "key" || next === null || isEmptyScalar(next))) return keyOffset ?? offset;
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

function keyText(key: unknown): string | undefined {
	if (isScalar(key)) return String(key.value);
	return undefined;
}

function rangeStart(node: unknown): number | undefined {
	return (node as Node | null)?.range?.[0];
}

function isEmptyScalar(node: unknown): boolean {
	return isScalar(node) && node.value === null && node.source === "";
}
