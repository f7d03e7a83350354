import type { InputIssue } from "../../contract/index.js";
import { isRecord, readInputFileInside, type YamlDocument } from "../../input/index.js";
import { VAR_NAME_PATTERN, type VarValue } from "./prompt-template.js";

/**
 * Resolves a case's `input.vars`: strings, numbers and booleans as written, and `{ file: path }`
 * replaced by that file's text (relative to the benchmarks folder, inside it, within the input
 * bounds, UTF-8). Every problem is placed at its var in the case's document.
 */
export function resolveVars(
	vars: unknown,
	document: YamlDocument,
	benchmarksDir: string,
): { vars: Record<string, VarValue>; issues: InputIssue[] } {
	const base = ["input", "vars"];
	if (!isRecord(vars))
		return {
			vars: {},
			issues: [
				document.issue({
					path: base,
					message: "`vars` must be a mapping of names to values",
					fix: "write `vars: { name: value, other: { file: docs/a.md } }`",
				}),
			],
		};
	const resolved: Record<string, VarValue> = {};
	const issues: InputIssue[] = [];
	for (const [name, value] of Object.entries(vars)) {
		const path = [...base, name];
		if (!VAR_NAME_PATTERN.test(name)) {
			issues.push(
				document.issue({
					path,
					message: `\`${name}\` is not a var name (a letter or _, then letters, digits, _ or -)`,
					fix: "rename the var, and its `{{placeholder}}` in the template",
					atKey: true,
				}),
			);
			continue;
		}
		if (
			typeof value === "string" ||
			typeof value === "boolean" ||
			(typeof value === "number" && Number.isFinite(value))
		)
			resolved[name] = value;
		else if (isRecord(value) && Object.keys(value).length === 1 && typeof value.file === "string") {
			const read = readInputFileInside(benchmarksDir, value.file, `the file of var \`${name}\``);
			if (read.issue === null) resolved[name] = read.text;
			// A problem inside the file (a byte that is not UTF-8) is placed in that file; others at the var.
			else if (read.issue.line !== null) issues.push(read.issue);
			else issues.push(document.issue({ path: [...path, "file"], message: read.issue.message, fix: read.issue.fix }));
		} else
			issues.push(
				document.issue({
					path,
					message: "a var is a string, a number, a boolean or `{ file: path }`",
					fix: "write the value as text, or `{ file: docs/a.md }` to load a file of the benchmarks folder",
				}),
			);
	}
	return { vars: resolved, issues };
}
