import type { z } from "zod";
import type { InputIssue } from "../contract/index.js";
import { zodProblems } from "../input/index.js";
import type { YamlFile } from "./yaml-file.js";

type ZodIssue = z.core.$ZodIssue;

/** Turns the issues zod found in a file into located issues that say what was expected and found. */
export function schemaIssues(file: YamlFile, schema: z.ZodType, issues: readonly ZodIssue[]): InputIssue[] {
	return zodProblems(schema, file.data, issues, { listTopLevelKeys: true }).map(({ path, message, fix, atKey }) =>
		file.issueAt(path, { message, fix, at: atKey === true ? "key" : "value" }),
	);
}
