import { createRequire } from "node:module";
import type { parse } from "csv-parse/sync";
import type { InputIssue } from "../../contract/index.js";
import { DOLLAR_IDENTIFIER_KEY, formatPath, isRecord, type YamlDocument } from "../../input/index.js";
import { templateVariables, unknownVariables, VAR_NAME_PATTERN } from "./prompt-template.js";

/** The extensions read as tables, one case per row, rather than as YAML. */
export const TABLE_EXTENSIONS = [".csv", ".jsonl"] as const;

/** One row of a table: a case's data as a YAML case would hold it, and the document placing its problems on its line. */
export interface TableRow {
	readonly data: unknown;
	readonly document: YamlDocument;
	/** The row's number among the table's cases, from 1: the default id is `<file name>-<number>`. */
	readonly number: number;
}

/** Reserved CSV columns (every other column is a var); `__reference.<key>` columns too. */
export const RESERVED_COLUMNS = ["__id", "__kind", "__version", "__threshold", "__expected"] as const;
const REFERENCE_PREFIX = "__reference.";

/**
 * The rows of a JSONL file: each non-blank line one JSON object with the keys a YAML case has
 * (`id`, `input` with `prompt` or `vars`, `reference`, `checks`, ...). Problems name the line.
 */
export function readJsonlRows(source: string, text: string): { rows: TableRow[]; issues: InputIssue[] } {
	const rows: TableRow[] = [];
	const issues: InputIssue[] = [];
	const lines = text.replace(/^\uFEFF/, "").split("\n");
	lines.forEach((raw, index) => {
		const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
		if (line.trim() === "") return;
		const document = lineDocument(source, index + 1);
		let data: unknown;
		try {
			data = JSON.parse(line);
		} catch (error) {
			issues.push(at(document, `this line is not JSON: ${(error as Error).message}`, "write one JSON object per line"));
			return;
		}
		if (!isRecord(data))
			issues.push(
				at(
					document,
					"each line of a JSONL case file is one JSON object (one case)",
					'write `{"id": ..., "input": {...}}`',
				),
			);
		else rows.push({ data, document: { ...document, data }, number: rows.length + 1 });
	});
	if (rows.length === 0 && issues.length === 0)
		issues.push(
			at(lineDocument(source, 1), "the table has no cases", "write one JSON object per line, one line per case"),
		);
	return { rows, issues };
}

/**
 * The rows of a CSV file: a header row, then one case per row. Columns are vars rendered through
 * the use case's `prompt_template` (required: `template`); `__id`, `__kind`, `__version`,
 * `__threshold`, `__expected` and `__reference.<key>` are the case's own keys (see the README).
 * Quoted fields may hold commas and newlines; a BOM and CRLF line ends are accepted.
 */
export function readCsvRows(
	source: string,
	text: string,
	template: string | null,
): { rows: TableRow[]; issues: InputIssue[] } {
	const bytes = Buffer.from(text);
	let records: { record: string[]; info: { bytes: number } }[];
	try {
		records = csvParse()(bytes, { bom: true, info: true, relax_column_count: true }) as unknown as typeof records;
	} catch (error) {
		const { lines } = error as { lines?: number };
		const document = lineDocument(source, lines ?? 1);
		return { rows: [], issues: [at(document, `invalid CSV: ${(error as Error).message}`, CSV_FIX)] };
	}
	// A record starts on the line after the previous one ended (csv-parse miscounts CRLF inside quotes).
	const filled: { fields: string[]; line: number }[] = [];
	let line = 1;
	let offset = 0;
	for (const { record, info } of records) {
		if (record.length !== 1 || record[0] !== "") filled.push({ fields: record, line });
		line += countNewlines(bytes, offset, info.bytes);
		offset = info.bytes;
	}
	const [header, ...body] = filled;
	if (header === undefined || body.length === 0)
		return {
			rows: [],
			issues: [
				at(
					lineDocument(source, header?.line ?? 1),
					"the table has no cases",
					"write a header row of column names, then one row per case",
				),
			],
		};
	const columns = header.fields.map((name) => name.trim());
	const headerDocument = lineDocument(source, header.line);
	const issues = headerProblems(columns, template, headerDocument);
	if (issues.length > 0) return { rows: [], issues };
	const rows: TableRow[] = [];
	for (const { fields, line } of body) {
		const document = lineDocument(source, line);
		if (fields.length !== columns.length) {
			issues.push(at(document, `this row has ${fields.length} fields, the header has ${columns.length}`, CSV_FIX));
			continue;
		}
		const data = rowCase(columns, fields);
		rows.push({ data, document: { ...document, data }, number: rows.length + 1 });
	}
	return { rows, issues };
}

const CSV_FIX =
	"give every row as many fields as the header, and quote a field that holds a comma, a quote or a newline";

function headerProblems(columns: readonly string[], template: string | null, document: YamlDocument): InputIssue[] {
	if (template === null)
		return [
			at(
				document,
				"a CSV case file needs the use case's `prompt_template`: its columns are the template's vars",
				'add `prompt_template: "... {{column}} ..."` to the use case in use_cases.yaml',
			),
		];
	const issues: InputIssue[] = [];
	columns.forEach((name, index) => {
		if (columns.indexOf(name) !== index)
			issues.push(at(document, `the column \`${name}\` appears twice`, "keep one of them"));
		else if (name.startsWith("__")) {
			if (!(RESERVED_COLUMNS as readonly string[]).includes(name) && !name.startsWith(REFERENCE_PREFIX))
				issues.push(
					at(
						document,
						`\`${name}\` is not a reserved column`,
						`use one of ${RESERVED_COLUMNS.join(", ")}, ${REFERENCE_PREFIX}<key>, or a var name without a leading __`,
					),
				);
		} else if (!VAR_NAME_PATTERN.test(name))
			issues.push(
				at(
					document,
					`the column \`${name}\` is not a var name`,
					"name columns with a letter or _, then letters, digits, _ or -",
				),
			);
	});
	const used = templateVariables(template);
	if ("problem" in used)
		issues.push(at(document, `${used.problem.message} (the use case's \`prompt_template\`)`, used.problem.fix));
	else {
		const problem = unknownVariables(
			used.names,
			columns.filter((name) => !name.startsWith("__")),
		);
		if (problem !== null)
			issues.push(
				at(
					document,
					`${problem.message} (the use case's \`prompt_template\`; a table's vars are its columns)`,
					problem.fix,
				),
			);
	}
	return issues;
}

/** One CSV row as the case a YAML file would hold. */
function rowCase(columns: readonly string[], fields: readonly string[]): Record<string, unknown> {
	const vars: Record<string, string> = {};
	const reference: Record<string, string> = {};
	const data: Record<string, unknown> = {};
	columns.forEach((name, index) => {
		const value = fields[index] as string;
		if (!name.startsWith("__")) vars[name] = value;
		else if (value === "") return;
		else if (name.startsWith(REFERENCE_PREFIX)) reference[name.slice(REFERENCE_PREFIX.length)] = value;
		else if (name === "__expected") data.checks = [expectedCheck(value)];
		else if (name === "__threshold") data.threshold = Number.isNaN(Number(value)) ? value : Number(value);
		else data[name.slice(2)] = value;
	});
	data.input = { vars };
	if (Object.keys(reference).length > 0) data.reference = reference;
	return data;
}

/**
 * The check of an `__expected` cell, with promptfoo's prefixes: `contains:`, `icontains:`,
 * `regex:`, `equals:`; a value without a prefix is an exact match. Its metric is `expected`.
 */
export function expectedCheck(value: string): Record<string, unknown> {
	const metric = "expected";
	const [prefix, rest] = [value.slice(0, value.indexOf(":")), value.slice(value.indexOf(":") + 1)];
	if (prefix === "contains") return { metric, contains: rest };
	if (prefix === "icontains") return { metric, contains: rest, case_sensitive: false };
	if (prefix === "regex") return { metric, regex: rest };
	if (prefix === "equals") return { metric, exact: rest };
	return { metric, exact: value };
}

function countNewlines(bytes: Buffer, start: number, end: number): number {
	let count = 0;
	for (let index = bytes.indexOf(10, start); index >= 0 && index < end; index = bytes.indexOf(10, index + 1)) count++;
	return count;
}

/** A document that places every problem on one line of a table (its column unknown: 1). */
function lineDocument(source: string, line: number): YamlDocument {
	return {
		source,
		data: null,
		syntaxIssues: [],
		issue: ({ path, message, fix }) => ({
			source,
			line,
			column: 1,
			path: formatPath(path, DOLLAR_IDENTIFIER_KEY),
			message,
			fix,
		}),
	};
}

function at(document: YamlDocument, message: string, fix: string): InputIssue {
	return document.issue({ path: [], message, fix });
}

/** csv-parse, loaded on the first CSV file: packs of YAML cases do not carry it. */
const requireLazily = createRequire(import.meta.url);
function csvParse(): typeof parse {
	return (requireLazily("csv-parse/sync") as { parse: typeof parse }).parse;
}
