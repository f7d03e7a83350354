import { type Document, isAlias, isMap, isPair, isScalar, isSeq, type LineCounter, type Node } from "yaml";

/** A 1-based line and column in a text file. */
export interface Position {
	/** 1-based line. */
	readonly line: number;
	/** 1-based column. */
	readonly column: number;
}

/** A path inside a parsed document: mapping keys and list indexes, from the root. */
export type DocumentPath = readonly (string | number)[];

/** Finds where the node at a path starts: its key (for unknown keys) or its value; missing nodes point at their parent. */
export type PositionFinder = (path: DocumentPath, at: "key" | "value") => Position;

/** Builds a {@link PositionFinder} over a document parsed with `lineCounter`. */
export function createPositionFinder(document: Document, lineCounter: LineCounter): PositionFinder {
	return (path, at) => {
		const { line, col } = lineCounter.linePos(nodeOffset(document, path, at));
		return { line, column: col };
	};
}

function nodeOffset(document: Document, path: DocumentPath, at: "key" | "value"): number {
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
			// An empty value (`rules:`) has no text of its own: point at its key instead.
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
