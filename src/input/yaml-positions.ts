import { type Document, isAlias, isMap, isPair, isScalar, isSeq, type LineCounter, type Node } from "yaml";
import type { InputIssue } from "../contract/index.js";
import type { DocumentPath } from "./document-path.js";

/** A 1-based line and column in a text file. */
export interface Position {
	/** 1-based line. */
	readonly line: number;
	/** 1-based column. */
	readonly column: number;
}

/** Where an issue points: at a mapping key (unknown keys) or at a value (everything else). */
export type IssueTarget = "key" | "value";

/** Finds where the node at a path starts: its key or its value; a missing node points at its nearest existing parent. */
export type PositionFinder = (path: DocumentPath, at: IssueTarget) => Position;

/** Builds a {@link PositionFinder} over a document parsed with `lineCounter`. */
export function createPositionFinder(document: Document, lineCounter: LineCounter): PositionFinder {
	return (path, at) => positionOf(lineCounter, nodeOffset(document, path, at));
}

/** How {@link yamlSyntaxIssues} words its fixes. */
export interface SyntaxFixes {
	/** The fix for each YAML error code (`BAD_INDENT`, `DUPLICATE_KEY`, ...). */
	readonly byCode?: Readonly<Record<string, string>>;
	/** The fix for any other error. */
	readonly otherwise: string;
	/** Keep only the first line of the parser's message; default false. */
	readonly firstLine?: boolean;
}

/**
 * The syntax errors of a document parsed with `lineCounter`, as issues at their line and column.
 * An error repeated on one line is reported once: a nesting too deep to follow is one error per
 * bracket, thousands of them on one line.
 */
export function yamlSyntaxIssues(
	source: string,
	document: Document,
	lineCounter: LineCounter,
	fixes: SyntaxFixes,
): InputIssue[] {
	const seen = new Set<string>();
	// An unknown tag (`!secret`, `!!js/function`) is only a warning to the parser, which then reads
	// the value as plain text; here it is an error, since nothing in touchstone defines a tag.
	const unresolved = document.warnings.filter((warning) => warning.code === "TAG_RESOLVE_FAILED");
	return [...document.errors, ...unresolved].flatMap((error): InputIssue[] => {
		const position = positionOf(lineCounter, error.pos[0]);
		const message = `invalid YAML: ${fixes.firstLine === true ? error.message.split("\n")[0] : error.message}`;
		const key = `${position.line}\n${message}`;
		if (seen.has(key)) return [];
		seen.add(key);
		return [
			{
				source,
				...position,
				path: "",
				message,
				fix: fixes.byCode?.[error.code] ?? DEFAULT_FIXES[error.code] ?? fixes.otherwise,
			},
		];
	});
}

/** Fixes for errors every file words the same way. */
const DEFAULT_FIXES: Readonly<Record<string, string>> = {
	TAG_RESOLVE_FAILED:
		"remove the tag (`!name`): touchstone reads plain YAML values; quote the value if the `!` is text",
};

function positionOf(lineCounter: LineCounter, offset: number): Position {
	const { line, col } = lineCounter.linePos(offset);
	return { line, column: col };
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
			const pair = node.items.find(
				(item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment),
			);
			if (pair === undefined) return offset;
			keyOffset = rangeStart(pair.key);
			next = pair.value;
			// An empty value (`title:`) has no text of its own: point at its key instead.
			if (index === path.length - 1 && (at === "key" || next === null || isEmptyScalar(next)))
				return keyOffset ?? offset;
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
