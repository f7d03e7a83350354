import type { z } from "zod";
import {
	DOLLAR_IDENTIFIER_KEY,
	type DocumentPath,
	type Problem,
	type ProblemWording,
	parseYamlDocument as parseYaml,
	zodProblems as problemsOf,
	unknownKey,
	unplacedDocument as unplaced,
	type YamlDocument,
	type YamlDocumentOptions,
} from "../../input/index.js";

// Case files show JSON Schema keys such as `$ref` bare in paths, and word their fixes for case authors.
const CASE_YAML: YamlDocumentOptions = {
	plainKey: DOLLAR_IDENTIFIER_KEY,
	syntaxFixes: {
		byCode: {
			BAD_INDENT: "indent keys with spaces so that they line up under their parent",
			TAB_AS_INDENT: "indent with spaces; YAML does not allow tabs",
			DUPLICATE_KEY: "keep one of the two keys and delete the other",
			MULTIPLE_DOCS: "keep one document in the file (remove the `---` separator), or list the cases under `cases:`",
			BLOCK_AS_IMPLICIT_KEY: "check the indentation of this line and the one above",
		},
		otherwise: "fix the YAML syntax here (indentation, quoting, `key: value` pairs)",
		firstLine: true,
	},
};

const CASE_WORDING: ProblemWording = {
	suggestQuoting: true,
	addItemsFix: "add items to the list, or remove the key",
	stringLengthBounds: false,
	unknownKey: (path, known) => unknownKey(path, known, { listEmpty: true }),
};

/** Parses a case file (or `use_cases.yaml`) cheaply, locating problems only when there are some. */
export function parseYamlDocument(source: string, text: string): YamlDocument {
	return parseYaml(source, text, CASE_YAML);
}

/** A document whose positions are unknown (a value handed over without its file). */
export function unplacedDocument(source: string, data: unknown, prefix: DocumentPath = []): YamlDocument {
	return unplaced(source, data, prefix, DOLLAR_IDENTIFIER_KEY);
}

/** Turns zod's issues about `data` into problems worded for case authors. */
export function zodProblems(schema: z.ZodType, data: unknown, issues: readonly z.core.$ZodIssue[]): Problem[] {
	return problemsOf(schema, data, issues, CASE_WORDING);
}
