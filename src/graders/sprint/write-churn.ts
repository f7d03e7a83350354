import type { Step } from "../../contract/index.js";

/** Lines a worker wrote and then took out again, over its `write_file` calls. */
export interface WriteChurn {
	/** Lines each write added to its file, against the file's previous write, or its baseline text before the first. */
	readonly lines_added: number;
	/** Of those, lines a later write of the same file removed again. */
	readonly lines_removed_again: number;
	/** Files written more than once. */
	readonly rewritten_files: number;
}

/**
 * Churn for seed 002's process layer: every `write_file` call replaces its file's whole text, so
 * what one write adds and a later one removes is compared as multisets of lines per file (a line
 * moved within the file is neither added nor removed). Only lines the worker itself added count
 * as churn; lines of the baseline it deleted are the change, not churn. `baseline` gives the text
 * a file had before the worker began (a file it lacks is new). Arguments that are not a path and a
 * text (a malformed call) write nothing.
 */
export function writeChurn(steps: readonly Step[], baseline: ReadonlyMap<string, string> = new Map()): WriteChurn {
	const files = new Map<string, { lines: Map<string, number>; added: Map<string, number>; writes: number }>();
	let added = 0;
	let removedAgain = 0;
	for (const step of steps) {
		if (step.kind !== "tool_call" || step.tool !== "write_file") continue;
		const path = step.arguments?.path;
		const content = step.arguments?.content;
		if (typeof path !== "string" || typeof content !== "string") continue;
		const next = countLines(content);
		const file = files.get(path) ?? { lines: countLines(baseline.get(path) ?? ""), added: new Map(), writes: 0 };
		for (const [line, count] of next) {
			const grown = count - (file.lines.get(line) ?? 0);
			if (grown > 0) {
				added += grown;
				file.added.set(line, (file.added.get(line) ?? 0) + grown);
			}
		}
		for (const [line, count] of file.lines) {
			const shrunk = count - (next.get(line) ?? 0);
			const ownLines = file.added.get(line) ?? 0;
			const taken = Math.min(Math.max(shrunk, 0), ownLines);
			if (taken > 0) {
				removedAgain += taken;
				file.added.set(line, ownLines - taken);
			}
		}
		files.set(path, { lines: next, added: file.added, writes: file.writes + 1 });
	}
	return {
		lines_added: added,
		lines_removed_again: removedAgain,
		rewritten_files: [...files.values()].filter((file) => file.writes > 1).length,
	};
}

function countLines(text: string): Map<string, number> {
	const counts = new Map<string, number>();
	if (text === "") return counts;
	for (const line of text.replace(/\r?\n$/, "").split(/\r?\n/)) counts.set(line, (counts.get(line) ?? 0) + 1);
	return counts;
}
