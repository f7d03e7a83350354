import { isPythonPath, isScriptPath, isTestPath } from "./file-kinds.js";

/** One leftover debug line the model added. */
export interface DebugLine {
	/** The file, relative to the workdir. */
	readonly path: string;
	/** Which pattern it matched: `print(`, `breakpoint(`, `console.log(`, `debugger`, `TODO`, `FIXME`, `XXX`. */
	readonly pattern: string;
	/** The line, trimmed and cut to 200 characters. */
	readonly line: string;
}

const MARKERS = /\b(TODO|FIXME|XXX)\b/;

/**
 * The debug patterns among lines a model added to one file: `print(` in Python outside tests,
 * `breakpoint(` in Python, `console.log(` and a `debugger` statement in JavaScript/TypeScript,
 * and a TODO/FIXME/XXX marker in any file. Only added lines are passed in, so a line the fixture
 * already had is never counted.
 */
export function debugLines(path: string, added: readonly string[]): DebugLine[] {
	const found: DebugLine[] = [];
	const python = isPythonPath(path);
	const script = isScriptPath(path);
	for (const line of added) {
		const pattern = matchOf(line, { python, script, test: isTestPath(path) });
		if (pattern !== null) found.push({ path, pattern, line: line.trim().slice(0, 200) });
	}
	return found;
}

function matchOf(line: string, kind: { python: boolean; script: boolean; test: boolean }): string | null {
	if (kind.python && !kind.test && /(^|[^\w.])print\(/.test(line)) return "print(";
	if (kind.python && /(^|[^\w.])breakpoint\(/.test(line)) return "breakpoint(";
	if (kind.script && /\bconsole\.log\(/.test(line)) return "console.log(";
	if (kind.script && /(^|[^\w.$])debugger\s*(;|\}|$)/.test(line)) return "debugger";
	return MARKERS.exec(line)?.[1] ?? null;
}
