import type { InputIssue } from "../contract/index.js";
import { isRecord } from "../input/index.js";
import type { YamlFile } from "./yaml-file.js";

/** One mapping of a top-level list, as written, with its index in the list. */
export interface RawEntry {
	/** Position in the list. */
	readonly index: number;
	/** The mapping as plain data; fields are unchecked. */
	readonly fields: Record<string, unknown>;
}

/**
 * The mappings of a file's top-level list (`models`, `panels`, `use_cases`), read before schema
 * checks so that one broken entry does not hide the references of the others.
 */
export function rawEntries(file: YamlFile, listKey: string): RawEntry[] {
	const list = isRecord(file.data) ? file.data[listKey] : undefined;
	if (!Array.isArray(list)) return [];
	return list.flatMap((fields, index) => (isRecord(fields) ? [{ index, fields }] : []));
}

/** The string ids of a file's top-level list, or null when the file has no such list to read. */
export function rawIds(file: YamlFile, listKey: string): string[] | null {
	const list = isRecord(file.data) ? file.data[listKey] : undefined;
	if (!Array.isArray(list)) return null;
	return rawEntries(file, listKey).flatMap(({ fields }) => (typeof fields.id === "string" ? [fields.id] : []));
}

/** One issue per entry whose `id` repeats an earlier one, placed on the repeat, naming the first's line. */
export function duplicateIdIssues(file: YamlFile, listKey: string, noun: string): InputIssue[] {
	const first = new Map<string, number>();
	const issues: InputIssue[] = [];
	for (const { index, fields } of rawEntries(file, listKey)) {
		if (typeof fields.id !== "string") continue;
		const earlier = first.get(fields.id);
		if (earlier === undefined) {
			first.set(fields.id, index);
			continue;
		}
		issues.push(
			file.issueAt([listKey, index, "id"], {
				message: `duplicate ${noun} id \`${fields.id}\`: already defined at line ${file.lineOf([listKey, earlier, "id"])} (${listKey}[${earlier}])`,
				fix: `give each ${noun} a unique id, or delete one of the two entries`,
			}),
		);
	}
	return issues;
}
