import { join } from "node:path";
import type { InputIssue } from "../contract/index.js";
import { readInputFile } from "../input/index.js";
import { rawEntries } from "./raw-entries.js";
import { parseYamlFile } from "./yaml-file.js";

/**
 * An issue placed on a field of one use case in use_cases.yaml (its line and column), for problems
 * found after loading, such as a `plugin:` module that fails to import. Reads the file again, which
 * only happens on the way to an error; when it can no longer be read, the issue names the file alone.
 */
export function useCaseFieldIssue(
	dir: string,
	useCaseId: string,
	field: string,
	text: { readonly message: string; readonly fix: string | null },
): InputIssue {
	const source = join(dir, "use_cases.yaml");
	const read = readInputFile(source, "use_cases.yaml");
	const file = read.issue === null ? parseYamlFile(source, read.text) : null;
	const entry = file === null ? undefined : rawEntries(file, "use_cases").find(({ fields }) => fields.id === useCaseId);
	if (file === null || entry === undefined)
		return { source, line: null, column: null, path: `${useCaseId}.${field}`, ...text };
	return file.issueAt(["use_cases", entry.index, field], text);
}
