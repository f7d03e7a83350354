import { readFile, stat } from "node:fs/promises";
import { extname, join } from "node:path";
import type { Etalon } from "./etalon.js";
import { changedLines } from "./host-git.js";
import { type SprintScoringInput, testPathMatcher } from "./scoring-input.js";

/** One line the etalon added or changed in an implementation file. */
export interface ChangedLine {
	/** 1-based line number in the etalon's file. */
	readonly line: number;
	/**
	 * Offset (UTF-16 code units, as V8 counts them) where the line's code starts: its first
	 * character that is not whitespace, past leading closing brackets (`} else {` starts at `else`)
	 * and an `export` / `export default` keyword (V8's range of a function starts at `function`,
	 * so a declaration line counts when the function runs, not when its module loads).
	 */
	readonly offset: number;
}

/** An implementation file of the etalon overlay and its changed lines. */
export interface ChangedFile {
	readonly path: string;
	readonly lines: readonly ChangedLine[];
}

/** Source extensions whose lines each coverage reader can see. */
export const COVERED_EXTENSIONS = {
	v8: [".js", ".mjs", ".cjs"],
	python: [".py"],
} as const;

/**
 * The lines the etalon's overlay added or changed in its implementation files (overlay files with
 * one of `extensions` that are not in the test corpus), against the baseline's version of each
 * (a file new in the overlay: all of it). Lines that hold no code are left out: blank ones,
 * comment-only ones, and those of closing brackets and punctuation alone (`}`, `});`).
 */
export async function etalonChangedLines(
	input: SprintScoringInput,
	etalon: Etalon,
	overlay: readonly string[],
	extensions: readonly string[],
): Promise<ChangedFile[]> {
	const isTest = testPathMatcher(input.sprint);
	const files: ChangedFile[] = [];
	for (const path of overlay) {
		if (isTest(path) || !extensions.includes(extname(path))) continue;
		const after = join(etalon.tree, path);
		const text = await readFile(after, "utf8");
		const starts = lineStarts(text);
		const baseline = join(input.baselineTree, path);
		const before = (await stat(baseline).catch(() => null))?.isFile() === true ? baseline : null;
		const numbers = await changedLines(before, after, starts.length, input.signal);
		const lines: ChangedLine[] = [];
		for (const line of numbers) {
			const start = starts[line - 1];
			if (start === undefined) continue;
			const end = starts[line] ?? text.length;
			const content = text.slice(start, end);
			if (!holdsCode(content, extname(path) === ".py" ? PYTHON_COMMENT : C_COMMENT)) continue;
			lines.push({ line, offset: start + codeStart(content) });
		}
		files.push({ path, lines });
	}
	return files;
}

/** Where the code of a line starts, as {@link ChangedLine.offset} says. */
function codeStart(line: string): number {
	const lead = /^[\s\])}]*(?:export\s+(?:default\s+)?)?/.exec(line)?.[0] ?? "";
	return lead.length < line.trimEnd().length ? lead.length : (/\S/.exec(line)?.index ?? 0);
}

/** Offsets where each line starts; a trailing newline does not start a line of its own. */
function lineStarts(text: string): number[] {
	const starts = [0];
	for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1))
		if (index + 1 < text.length) starts.push(index + 1);
	return text.length === 0 ? [] : starts;
}

const C_COMMENT = /^(\/\/|\/\*|\*)/;
const PYTHON_COMMENT = /^#/;

/** Whether a line holds code: not blank, not only a comment, not only closing brackets and punctuation. */
function holdsCode(line: string, comment: RegExp): boolean {
	const trimmed = line.trim();
	if (trimmed === "") return false;
	if (comment.test(trimmed)) return false;
	return !/^[\]})>;,.:]+$/.test(trimmed);
}
