import { LineCounter, parseDocument } from "yaml";
import type { InputIssue } from "../contract/index.js";
import {
	createPositionFinder,
	type DocumentPath,
	documentData,
	formatPath,
	type IssueTarget,
	yamlSyntaxIssues,
} from "../input/index.js";

export type { IssueTarget };

/** What an issue says, before it is placed in a file. */
export interface IssueText {
	/** What is wrong: what was expected and what was found. */
	readonly message: string;
	/** How to fix it. */
	readonly fix: string | null;
	/** Point at the key rather than its value; default `value`. */
	readonly at?: IssueTarget;
}

/** One parsed YAML file that can place issues on the line and column of any node. */
export interface YamlFile {
	/** The path shown in issues, e.g. `benchmarks/models.yaml`. */
	readonly source: string;
	/** The document as plain data (aliases resolved); null for an empty file. */
	readonly data: unknown;
	/** Syntax errors reported by the YAML parser; when any, `data` is not to be trusted. */
	readonly syntaxIssues: readonly InputIssue[];
	/** Builds an issue located at the node `path` names (or its nearest existing parent). */
	issueAt(path: DocumentPath, text: IssueText): InputIssue;
	/** The 1-based line of the node at `path`, or of its nearest existing parent. */
	lineOf(path: DocumentPath): number;
}

const SYNTAX_FIXES: Record<string, string> = {
	BAD_INDENT: "indent nested keys with spaces so they line up under their parent",
	TAB_AS_INDENT: "indent with spaces; YAML does not allow tabs",
	DUPLICATE_KEY: "keep one of the two keys and delete the other",
	MISSING_CHAR: "check the indentation and that every list item starts with `- `",
	MULTIPLE_DOCS: "keep one document in the file: remove the `---` separator",
	BAD_SCALAR_START: "quote the value",
	MULTILINE_IMPLICIT_KEY: "put the key and its value on one line, or quote the value",
	BLOCK_AS_IMPLICIT_KEY: "check the indentation of the line above",
};

/**
 * Parses YAML text, keeping positions so that later issues can name their line and column. An alias
 * bomb is a syntax issue (see INPUT_BOUNDS); the text's size is bounded by its reader.
 */
export function parseYamlFile(source: string, text: string): YamlFile {
	const lineCounter = new LineCounter();
	const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: true });
	const syntaxIssues = yamlSyntaxIssues(source, document, lineCounter, {
		byCode: SYNTAX_FIXES,
		otherwise: "fix the YAML syntax here (indentation, quoting, `key: value` pairs)",
	});
	const parsed =
		syntaxIssues.length > 0 ? { data: null, issue: null } : documentData(source, text, document, lineCounter);
	if (parsed.issue !== null) syntaxIssues.push(parsed.issue);
	const find = createPositionFinder(document, lineCounter);
	return {
		source,
		data: parsed.data,
		syntaxIssues,
		issueAt(path, { message, fix, at = "value" }) {
			return { source, ...find(path, at), path: formatPath(path), message, fix };
		},
		lineOf(path) {
			return find(path, "value").line;
		},
	};
}
