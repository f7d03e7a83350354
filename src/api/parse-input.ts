import type { z } from "zod";
import { BadInputError, type InputIssue } from "../contract/index.js";
import { formatPath, zodProblems } from "../input/index.js";

/** Where a request's input comes from, as its issues name it. */
export type InputSource = "query" | "path" | "body";

/**
 * Validates one part of a request against its schema: the checked value, or a BadInputError
 * (a 400) listing every problem, each naming its parameter or field, what was wrong and the fix
 * (an unknown parameter suggests the closest known one).
 */
export function parseInput<Schema extends z.ZodType>(
	schema: Schema,
	data: unknown,
	source: InputSource,
): z.output<Schema> {
	const result = schema.safeParse(data);
	if (result.success) return result.data;
	const issues = zodProblems(schema, data, result.error.issues).map(
		(problem): InputIssue => ({
			source,
			line: null,
			column: null,
			path: formatPath(problem.path),
			message: problem.message,
			fix: problem.fix,
		}),
	);
	throw new BadInputError(`The request's ${source === "path" ? "path" : source} is not valid.`, issues);
}
