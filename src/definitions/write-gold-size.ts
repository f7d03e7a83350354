import { withYamlValue, writeYamlValue } from "./yaml-value-edit.js";

/**
 * Sets `gold_diff_lines: N` in a task.yaml and changes nothing else (comments, quoting, order and
 * layout stay byte for byte; see {@link writeYamlValue}). Returns whether the file changed.
 */
export async function writeGoldDiffLines(file: string, lines: number): Promise<boolean> {
	checkLines(lines);
	return await writeYamlValue(file, ["gold_diff_lines"], lines);
}

/** The text of a task.yaml with `gold_diff_lines` set to `lines`; see {@link writeGoldDiffLines}. */
export function withGoldDiffLines(text: string, lines: number): string {
	checkLines(lines);
	return withYamlValue(text, ["gold_diff_lines"], lines);
}

function checkLines(lines: number): void {
	if (!Number.isInteger(lines) || lines < 1)
		throw new RangeError(`gold_diff_lines must be a positive integer, got ${lines}`);
}
