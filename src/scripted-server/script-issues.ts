import type { z } from "zod";
import type { InputIssue } from "../contract/index.js";
import {
	ANY_KEY,
	closestMatch,
	type DocumentPath,
	formatPath,
	type PositionFinder,
	type Problem,
	type ProblemText,
	zodProblems,
} from "../input/index.js";

type ZodIssue = z.core.$ZodIssue;

/** Turns zod's issues about a script into located issues that say what was expected, what was found and the fix. */
export function scriptIssues(
	issues: readonly ZodIssue[],
	data: unknown,
	schema: z.ZodType,
	source: string,
	find: PositionFinder | null,
): InputIssue[] {
	return zodProblems(schema, data, issues, { unknownKey, describe }).map(({ path, message, fix, atKey }) => {
		const position = find === null ? { line: null, column: null } : find(path, atKey === true ? "key" : "value");
		// Script paths show every key bare: `models.scripted/strong.rules[0].when.user`.
		return { source, ...position, path: formatPath(path, ANY_KEY), message, fix };
	});
}

function unknownKey(path: DocumentPath, known: readonly string[]): Problem {
	const key = String(path.at(-1));
	const suggestion = closestMatch(key, known, { maxDistance: 2, transpositions: false });
	const fix = suggestion === null ? `remove it; known keys: ${known.join(", ")}` : `did you mean \`${suggestion}\`?`;
	return { path, message: `unknown key \`${key}\``, fix, atKey: true };
}

// Scripts keep zod's own wording ("expected string, received number"), with what was found added.
function describe(issue: ZodIssue, found: unknown, path: DocumentPath): ProblemText {
	if (found === undefined && path.length > 0 && issue.code === "invalid_type") {
		const name = String(path.at(-1));
		return { message: `missing required key \`${name}\` (${issue.message})`, fix: `add \`${name}:\` here` };
	}
	if (issue.code === "custom") {
		const fix = issue.params?.fix;
		return { message: issue.message, fix: typeof fix === "string" ? fix : null };
	}
	if (issue.message.startsWith("expected ")) {
		const expected = issue.message.slice("expected ".length);
		return { message: `${issue.message}, found ${describeValue(found)}`, fix: `change it to ${expected}` };
	}
	return { message: `${issue.message}, found ${describeValue(found)}`, fix: null };
}

/** A short description of a found value: `2`, `"abc"`, `a list of 3 items`. */
function describeValue(value: unknown): string {
	if (value === undefined) return "nothing";
	if (value === null) return "an empty value";
	if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
	if (typeof value === "number" || typeof value === "boolean") return String(value);
	if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? "" : "s"}`;
	return "a mapping";
}
