import { readFile, writeFile } from "node:fs/promises";
import { isDeepStrictEqual } from "node:util";
import { Document, isCollection, isMap, isScalar, isSeq, type Pair, parseDocument, type YAMLMap } from "yaml";

/** How {@link withYamlValue} lays out the value it writes. */
export interface YamlValueLayout {
	/** Collections at least this deep are written in flow style (`{ a: 1 }`): the written value is depth 0, its children 1, …; default never. */
	readonly flowDepth?: number;
}

/**
 * Keys of nested mappings, and indexes of list items (`["models", 2, "status"]`: the third
 * model's status); a missing key is added, a missing list item is not.
 */
export type YamlValuePath = readonly (string | number)[];

/**
 * Sets the value at `path` (keys of nested mappings) in a YAML file and changes nothing else:
 * see {@link withYamlValue}. Returns whether the file changed.
 */
export async function writeYamlValue(
	file: string,
	path: YamlValuePath,
	value: unknown,
	layout: YamlValueLayout = {},
): Promise<boolean> {
	const text = await readFile(file, "utf8");
	const next = withYamlValue(text, path, value, layout);
	if (next === text) return false;
	await writeFile(file, next);
	return true;
}

/**
 * The text of a YAML document with the value at `path` set to `value`. The document is read with
 * the yaml package's Document API only to find where the key's value is (or where the mapping
 * that should hold it ends), and the new text is spliced into the original there, so comments,
 * quoting, order and layout of everything else stay byte for byte: a scalar replaces a scalar in
 * place; a mapping replaces the whole entry of its key; a missing key is added at the end of the
 * deepest mapping on the path that exists. The result must read back with `value` at `path` and
 * every other value as it was, or this throws and nothing is to be written.
 */
export function withYamlValue(text: string, path: YamlValuePath, value: unknown, layout: YamlValueLayout = {}): string {
	const [first] = path;
	if (typeof first !== "string") throw new RangeError("a YAML value's path names at least one key");
	const document = parseDocument(text);
	if (document.errors.length > 0 || !isMap(document.contents))
		throw new Error(`the file does not parse as a mapping: ${document.errors[0]?.message ?? "not a mapping"}`);
	const next = splice(text, document.contents, path, value, layout);
	const check = parseDocument(next);
	if (check.errors.length > 0 || !isDeepStrictEqual(check.toJS(), expected(document, path, value)))
		throw new Error(`the file's layout does not allow setting \`${path.join(".")}\` here; set it by hand`);
	return next;
}

function splice(text: string, root: YAMLMap, path: YamlValuePath, value: unknown, layout: YamlValueLayout): string {
	let map = root;
	for (const [depth, part] of path.entries()) {
		if (typeof part === "number") continue;
		const key = part;
		const pair = map.items.find((item) => isScalar(item.key) && item.key.value === key) as Pair | undefined;
		const rest = path.slice(depth + 1);
		if (pair === undefined) return insert(text, map, map === root, key, nest(rest, value), layout);
		if (rest.length > 0) {
			// A list index steps into that item of a list: `models` then 2, the third model.
			const index = rest[0];
			const item = typeof index === "number" && isSeq(pair.value) ? pair.value.items[index] : pair.value;
			if (!isMap(item))
				throw new Error(
					`\`${path.slice(0, depth + (typeof index === "number" ? 2 : 1)).join(".")}\` is not a mapping; fix it by hand`,
				);
			map = item;
			continue;
		}
		return replace(text, pair, key, value, layout);
	}
	return text;
}

function replace(text: string, pair: Pair, key: string, value: unknown, layout: YamlValueLayout): string {
	const node = pair.value;
	const range = isScalar(node) || isCollection(node) ? node.range : null;
	if (range === null || range === undefined || !isScalar(pair.key) || pair.key.range == null)
		throw new Error(`\`${key}\` has no plain value to replace; set it by hand or remove it`);
	if (isScalar(node) && !isObject(value))
		return `${text.slice(0, range[0])}${scalarText(value)}${text.slice(range[1])}`;
	// A whole entry, from its key's line to the end of its value (a block value's range ends past its newline).
	const start = lineStart(text, pair.key.range[0]);
	const indent = pair.key.range[0] - start;
	const end = isCollection(node) && node.flow !== true ? range[1] : lineEnd(text, range[1]);
	return `${text.slice(0, start)}${entryText(key, value, indent, layout)}${text.slice(end)}`;
}

function insert(
	text: string,
	map: YAMLMap,
	isRoot: boolean,
	key: string,
	value: unknown,
	layout: YamlValueLayout,
): string {
	if (isRoot) {
		const separator = text === "" || text.endsWith("\n") ? "" : "\n";
		return `${text}${separator}${entryText(key, value, 0, layout)}`;
	}
	const firstKey = map.items[0]?.key;
	if (map.flow === true || map.range == null || !isScalar(firstKey) || firstKey.range == null)
		throw new Error(`the mapping that would hold \`${key}\` is not a block mapping; set it by hand`);
	const indent = firstKey.range[0] - lineStart(text, firstKey.range[0]);
	const at = map.range[1];
	const separator = text.slice(0, at).endsWith("\n") ? "" : "\n";
	return `${text.slice(0, at)}${separator}${entryText(key, value, indent, layout)}${text.slice(at)}`;
}

/** `key: value` as block YAML indented by `indent` spaces, ending with a newline. */
function entryText(key: string, value: unknown, indent: number, layout: YamlValueLayout): string {
	const document = new Document({ [key]: value });
	const flowDepth = layout.flowDepth;
	if (flowDepth !== undefined) markFlow(document.contents, -1, flowDepth);
	const pad = " ".repeat(indent);
	return document
		.toString({ lineWidth: 0 })
		.split("\n")
		.map((line) => (line === "" ? line : `${pad}${line}`))
		.join("\n");
}

function markFlow(node: unknown, depth: number, flowDepth: number): void {
	if (!isCollection(node)) return;
	if (depth >= flowDepth) node.flow = true;
	for (const item of node.items)
		markFlow(isScalar(item) || isCollection(item) ? item : (item as Pair).value, depth + 1, flowDepth);
}

function scalarText(value: unknown): string {
	return new Document(value).toString({ lineWidth: 0 }).trimEnd();
}

function nest(path: YamlValuePath, value: unknown): unknown {
	return path.reduceRight((inner, key) => ({ [key]: inner }), value);
}

/** The data the edited document must hold: the original's, with `value` at `path`. */
function expected(before: Document, path: YamlValuePath, value: unknown): unknown {
	const copy = before.clone();
	copy.setIn(path, copy.createNode(value));
	return copy.toJS();
}

function lineStart(text: string, offset: number): number {
	return text.lastIndexOf("\n", offset - 1) + 1;
}

function lineEnd(text: string, offset: number): number {
	const end = text.indexOf("\n", offset);
	return end === -1 ? text.length : end + 1;
}

function isObject(value: unknown): boolean {
	return typeof value === "object" && value !== null;
}
