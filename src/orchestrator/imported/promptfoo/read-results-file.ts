import { BadInputError, type InputIssue, sha256 } from "../../../contract/index.js";
import { decodeUtf8, formatPath, parseYamlDocument, readRegularFile, zodProblems } from "../../../input/index.js";
import { jsonErrorOffset } from "../json-error-offset.js";
import { type PromptfooResults, promptfooResultsSchema } from "./results-schema.js";

/** The bounds of a promptfoo results file. */
export const PROMPTFOO_BOUNDS = {
	/**
	 * Largest results file, in bytes (128 MiB): promptfoo repeats the test case and prompt on every
	 * row (about 5 KB a row), so this holds some 25,000 rows, read whole in well under a GiB.
	 */
	fileBytes: 128 * 1024 * 1024,
	/** Schema problems placed on their line only in files up to this size (placing parses the file again). */
	placedBytes: 8 * 1024 * 1024,
	/** Problems listed before the rest are summed up in one. */
	issues: 20,
} as const;

/** The fix every problem of a file that is not promptfoo's results ends with. */
export const PROMPTFOO_FIX = "produce it with `promptfoo eval -o results.json` (results of format version 3 or later)";

/** A results file read whole and validated. */
export interface PromptfooFile {
	readonly path: string;
	readonly sha256: string;
	readonly bytes: number;
	readonly results: PromptfooResults;
}

/**
 * Reads a promptfoo results file within {@link PROMPTFOO_BOUNDS}: a regular file (never a FIFO
 * or device), UTF-8, JSON, and promptfoo's results of version 3 or later. Anything else (a
 * truncated file, another tool's JSON, version 2, no `results.results`) throws a BadInputError
 * naming the file, the line where it can, the path and the fix; the caller has written nothing yet.
 */
export function readPromptfooFile(path: string): PromptfooFile {
	const read = readRegularFile(path, { maxBytes: PROMPTFOO_BOUNDS.fileBytes });
	if ("refused" in read) throw refused(path, readProblem(read.refused, read.detail, read.size));
	const decoded = decodeUtf8(read.bytes);
	if (decoded.text === null)
		throw refused(path, {
			...decoded.invalid,
			message: "the file is not UTF-8 text: a byte here is not valid UTF-8",
			fix: PROMPTFOO_FIX,
		});
	const text = decoded.text.replace(/^\uFEFF/, "");
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		throw refused(path, { ...syntaxPosition(text, (error as Error).message), fix: PROMPTFOO_FIX });
	}
	const parsed = promptfooResultsSchema.safeParse(data);
	if (!parsed.success) throw new BadInputError(summary(path), schemaIssues(path, text, data, parsed.error.issues));
	if (parsed.data.results.results.length === 0)
		throw refused(path, {
			path: "results.results",
			message: "the eval has no results: nothing to import",
			fix: "import the file of an eval that ran (`promptfoo eval -o results.json` after its tests ran)",
		});
	return { path, sha256: sha256(read.bytes), bytes: read.bytes.length, results: parsed.data };
}

type Placed = Omit<InputIssue, "source" | "path" | "line" | "column"> & {
	readonly path?: string;
	readonly line?: number | null;
	readonly column?: number | null;
};

function refused(path: string, problem: Placed): BadInputError {
	const issue: InputIssue = { source: path, line: null, column: null, path: "", ...problem };
	return new BadInputError(summary(path), [issue]);
}

function summary(path: string): string {
	return `Cannot import ${path} as promptfoo results`;
}

function readProblem(refusal: string, detail: string, size: number | undefined): Placed {
	if (refusal === "too-large")
		return {
			message: `the file is ${mebibytes(size ?? 0)}, past the bound of ${mebibytes(PROMPTFOO_BOUNDS.fileBytes)} for a promptfoo results file`,
			fix: "split the eval (promptfoo's --filter-range or --filter-providers) and import each file as a source of its own",
		};
	if (refusal === "not-regular")
		return { message: `the file is not a regular file (${detail})`, fix: "point at the results file itself" };
	return {
		message: `cannot read the file: ${detail}`,
		fix: refusal === "missing" ? "check that the file exists and is readable" : "check the file's permissions",
	};
}

/** Where the text stops being JSON (see {@link jsonErrorOffset}), with JSON.parse's own words. */
function syntaxPosition(text: string, detail: string): Placed {
	const offset = jsonErrorOffset(text);
	if (offset === null) return { message: `the file is not JSON: ${detail}`, fix: PROMPTFOO_FIX };
	const truncated = offset === text.length ? " (the file ends early: is it truncated?)" : "";
	const before = text.slice(0, offset).split("\n");
	return {
		line: before.length,
		column: (before.at(-1)?.length ?? 0) + 1,
		message: `the file is not JSON: ${detail}${truncated}`,
		fix: PROMPTFOO_FIX,
	};
}

/**
 * zod's issues as located issues, at most {@link PROMPTFOO_BOUNDS}.issues of them: on their line in
 * a file small enough to parse again with positions (JSON is YAML), else by path alone.
 */
function schemaIssues(
	path: string,
	text: string,
	data: unknown,
	issues: Parameters<typeof zodProblems>[2],
): InputIssue[] {
	const problems = zodProblems(promptfooResultsSchema, data, issues.slice(0, PROMPTFOO_BOUNDS.issues), {
		listTopLevelKeys: true,
	});
	const placed =
		text.length <= PROMPTFOO_BOUNDS.placedBytes
			? parseYamlDocument(path, text, { syntaxFixes: { otherwise: PROMPTFOO_FIX } })
			: null;
	const located = problems.map((worded): InputIssue => {
		const problem = versionWording(worded, data);
		// The version's own wording carries its whole fix; every other problem ends with how to make the file.
		const fix = problem === worded ? withFix(problem.fix) : (problem.fix as string);
		if (placed !== null && placed.syntaxIssues.length === 0) return placed.issue({ ...problem, fix });
		return { source: path, line: null, column: null, path: formatPath(problem.path), message: problem.message, fix };
	});
	if (issues.length > PROMPTFOO_BOUNDS.issues)
		located.push({
			source: path,
			line: null,
			column: null,
			path: "",
			message: `${issues.length - PROMPTFOO_BOUNDS.issues} more problems are not listed`,
			fix: PROMPTFOO_FIX,
		});
	return located;
}

/**
 * A version below 3 said as such: promptfoo writes version 2 for an eval it stored before it kept
 * one database row per result, whose results hold another shape (and a rendered table).
 */
function versionWording<T extends { path: readonly (string | number)[]; message: string }>(
	problem: T,
	data: unknown,
): T {
	if (problem.path.join(".") !== "results.version") return problem;
	const version = (data as { results: { version: unknown } }).results.version;
	if (typeof version !== "number") return problem;
	return {
		...problem,
		message: `promptfoo results of format version ${version}: the import reads version 3 or later`,
		fix: "re-run the eval with a current promptfoo and write it with `promptfoo eval -o results.json`",
	};
}

function withFix(fix: string | null): string {
	return fix === null ? PROMPTFOO_FIX : `${fix}; ${PROMPTFOO_FIX}`;
}

function mebibytes(bytes: number): string {
	return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
