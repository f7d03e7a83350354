import type { z } from "zod";
import { BadInputError, type InputIssue } from "../../../contract/index.js";
import { formatPath, parseYamlDocument, zodProblems } from "../../../input/index.js";

/** How many problems a log's error lists before the rest are summed up in one. */
export const LISTED_ISSUES = 20;

/** Schema problems are placed on their line only in texts up to this size (placing parses the text again). */
const PLACED_BYTES = 8 * 1024 * 1024;

/** The fix every problem of a file that is not an inspect_ai log ends with. */
export const INSPECT_FIX =
	"give a log inspect_ai wrote (`inspect eval … --log-format=eval` or `--log-format=json`, in its log folder)";

/** A problem before its source is known. */
export type Placed = Omit<InputIssue, "source" | "path" | "line" | "column"> & {
	readonly path?: string;
	readonly line?: number | null;
	readonly column?: number | null;
};

/** The error of a log that cannot be imported: the file named in its summary, every issue listed. */
export function logRefused(path: string, issues: readonly InputIssue[]): BadInputError {
	return new BadInputError(`Cannot import ${path} as an inspect_ai log`, issues);
}

/** One problem of `source` (the file, or `file:member` inside a `.eval`) as an issue. */
export function issueAt(source: string, problem: Placed): InputIssue {
	return { source, line: null, column: null, path: "", ...problem };
}

/** Where `text` stops being JSON (at `offset`, see parseInspectJson), with JSON.parse's own words. */
export function notJson(source: string, text: string, offset: number | null, detail: string): InputIssue {
	if (offset === null) return issueAt(source, { message: `not JSON: ${detail}`, fix: INSPECT_FIX });
	const truncated = offset >= text.length ? " (it ends early: is it truncated?)" : "";
	const before = text.slice(0, offset).split("\n");
	return issueAt(source, {
		line: before.length,
		column: (before.at(-1)?.length ?? 0) + 1,
		message: `not JSON: ${detail}${truncated}`,
		fix: INSPECT_FIX,
	});
}

/**
 * zod's issues about `data` (parsed from `text`) as located issues of `source`, at most
 * {@link LISTED_ISSUES}: on their line when the text is small enough to parse again with
 * positions (JSON is YAML), else by path alone.
 */
export function schemaIssues(
	source: string,
	text: string,
	schema: z.ZodType,
	data: unknown,
	issues: readonly z.core.$ZodIssue[],
): InputIssue[] {
	const problems = zodProblems(schema, data, issues.slice(0, LISTED_ISSUES), { listTopLevelKeys: true });
	const placed =
		text.length <= PLACED_BYTES ? parseYamlDocument(source, text, { syntaxFixes: { otherwise: INSPECT_FIX } }) : null;
	const located = problems.map((worded): InputIssue => {
		const problem = versionWording(worded, data);
		const fix =
			problem === worded ? (problem.fix === null ? INSPECT_FIX : `${problem.fix}; ${INSPECT_FIX}`) : problem.fix;
		if (placed !== null && placed.syntaxIssues.length === 0) return placed.issue({ ...problem, fix });
		return { source, line: null, column: null, path: formatPath(problem.path), message: problem.message, fix };
	});
	if (issues.length > LISTED_ISSUES)
		located.push(
			issueAt(source, { message: `${issues.length - LISTED_ISSUES} more problems are not listed`, fix: INSPECT_FIX }),
		);
	return located;
}

/** A log format version this import does not read, said as such. */
function versionWording<T extends { path: readonly (string | number)[]; message: string; fix: string | null }>(
	problem: T,
	data: unknown,
): T {
	if (problem.path.join(".") !== "version") return problem;
	const version = (data as { version: unknown }).version;
	if (typeof version !== "number") return problem;
	return {
		...problem,
		message: `inspect_ai log format version ${version}: the import reads versions 1 and 2`,
		fix: "convert the log with an inspect_ai that writes version 2 (`inspect log convert`)",
	};
}
