import { readFile, writeFile } from "node:fs/promises";
import { isMap, isScalar, type Pair, parseDocument } from "yaml";

/**
 * Sets `gold_diff_lines: N` in a task.yaml and changes nothing else: the document is read with
 * the yaml package's Document API only to find where the key's value is (or where the mapping
 * ends), and the integer is spliced into the original text there, so comments, quoting, order
 * and layout stay byte for byte. Returns whether the file changed.
 */
export async function writeGoldDiffLines(file: string, lines: number): Promise<boolean> {
	if (!Number.isInteger(lines) || lines < 1)
		throw new RangeError(`gold_diff_lines must be a positive integer, got ${lines}`);
	const text = await readFile(file, "utf8");
	const next = withGoldDiffLines(text, lines);
	if (next === text) return false;
	await writeFile(file, next);
	return true;
}

/** The text of a task.yaml with `gold_diff_lines` set to `lines`; see {@link writeGoldDiffLines}. */
export function withGoldDiffLines(text: string, lines: number): string {
	const document = parseDocument(text);
	if (document.errors.length > 0 || !isMap(document.contents))
		throw new Error(`task.yaml does not parse as a mapping: ${document.errors[0]?.message ?? "not a mapping"}`);
	const next = splice(text, document.contents.items, lines);
	// The splice must leave a document that reads back with the integer in place, or nothing is written.
	const check = parseDocument(next);
	if (check.errors.length > 0 || check.get("gold_diff_lines") !== lines)
		throw new Error("task.yaml's layout does not allow adding gold_diff_lines at its end; add it by hand");
	return next;
}

function splice(text: string, items: readonly Pair[], lines: number): string {
	const pair = items.find((item) => isScalar(item.key) && item.key.value === "gold_diff_lines");
	const value = pair?.value;
	if (isScalar(value) && value.range !== undefined && value.range !== null) {
		const [start, end] = value.range;
		return `${text.slice(0, start)}${lines}${text.slice(end)}`;
	}
	if (pair !== undefined)
		throw new Error("task.yaml has a gold_diff_lines key without a plain value; set it by hand or remove it");
	const separator = text === "" || text.endsWith("\n") ? "" : "\n";
	return `${text}${separator}gold_diff_lines: ${lines}\n`;
}
