import { basename, extname, join } from "node:path";
import type { z } from "zod";
import type { InputIssue, PluginContext } from "../../contract/index.js";
import { isRecord, readInputFile, subDocument, type YamlDocument } from "../../input/index.js";
import { CASE_ID_PATTERN, caseListSchema } from "./case-schema.js";
import { readCsvRows, readJsonlRows, TABLE_EXTENSIONS } from "./case-tables.js";
import { renderCaseTemplate, type TemplateSettings } from "./case-template.js";
import { parseYamlDocument, zodProblems } from "./case-yaml.js";
import { templateVariables } from "./prompt-template.js";

/** How one plugin's case files read. */
export interface CaseFileFormat<Schema extends z.ZodType> {
	/** Schema of one case. */
	readonly schema: Schema;
	/** The fix for an empty case: what a minimal case holds, e.g. `write at least ...`. */
	readonly emptyFix: string;
}

/** One case read from its file, with the document that places its problems. */
export interface LoadedCase<Parsed> {
	/** The valid case; null when it has problems (its id still counts for duplicates). */
	readonly parsed: Parsed | null;
	/** The written id, or the file name. */
	readonly id: string;
	/** Whether the id is written in the case, rather than taken from the file name. */
	readonly written: boolean;
	/** The case's node: its file's root, or `cases[i]` in a file of several. */
	readonly document: YamlDocument;
}

/** What of the plugin context the reader needs: the use case, its benchmarks folder and its `prompt_template`. */
export type CaseReadContext = Pick<PluginContext, "use_case_id" | "benchmarks_dir" | "prompt_template">;

/**
 * Reads case files, in file order then in order within a file (a YAML file holds one case, its id
 * defaulting to the file name, or several under `cases:`; a `.csv` or `.jsonl` file one case per
 * row). Prompt templates are rendered and vars resolved here, for every plugin alike (see
 * {@link renderCaseTemplate}). Returns every case found and every problem of every file,
 * duplicate ids included, each with its file, line and column.
 */
export async function readCaseFiles<Schema extends z.ZodType>(
	files: readonly string[],
	signal: AbortSignal,
	format: CaseFileFormat<Schema>,
	context: CaseReadContext,
): Promise<{ cases: LoadedCase<z.output<Schema>>[]; issues: InputIssue[] }> {
	const issues: InputIssue[] = [];
	const cases: LoadedCase<z.output<Schema>>[] = [];
	const templateIssue = useCaseTemplateIssue(context);
	if (templateIssue !== null) return { cases, issues: [templateIssue] };
	for (const file of files) {
		signal.throwIfAborted();
		const result = readCaseFile(file, format, context);
		issues.push(...result.issues);
		cases.push(...result.cases);
	}
	issues.push(...duplicateIds(cases));
	return { cases, issues };
}

type FileResult<Parsed> = { cases: LoadedCase<Parsed>[]; issues: InputIssue[] };

function readCaseFile<Schema extends z.ZodType>(
	file: string,
	format: CaseFileFormat<Schema>,
	settings: TemplateSettings,
): FileResult<z.output<Schema>> {
	const read = readInputFile(file, "the case file");
	if (read.issue !== null) return { cases: [], issues: [read.issue] };
	const extension = extname(file).toLowerCase();
	if ((TABLE_EXTENSIONS as readonly string[]).includes(extension)) {
		const table =
			extension === ".csv" ? readCsvRows(file, read.text, settings.prompt_template) : readJsonlRows(file, read.text);
		const name = basename(file, extname(file));
		const results = table.rows.map((row) => parseCase(row.document, `${name}-${row.number}`, format, settings));
		return {
			cases: results.flatMap((result) => result.cases),
			issues: [...table.issues, ...results.flatMap((result) => result.issues)],
		};
	}
	const document = parseYamlDocument(file, read.text);
	if (document.syntaxIssues.length > 0) return { cases: [], issues: [...document.syntaxIssues] };
	const data = document.data;
	if (isRecord(data) && Object.hasOwn(data, "cases")) {
		const list = caseListSchema.safeParse(data);
		if (!list.success)
			return {
				cases: [],
				issues: zodProblems(caseListSchema, data, list.error.issues).map((problem) => document.issue(problem)),
			};
		const results = list.data.cases.map((_, index) =>
			parseCase(subDocument(document, ["cases", index]), null, format, settings),
		);
		return { cases: results.flatMap((result) => result.cases), issues: results.flatMap((result) => result.issues) };
	}
	return parseCase(document, basename(file, extname(file)), format, settings);
}

/** Parses one case; `defaultId` is the file name for a one-case file, null inside a list. */
function parseCase<Schema extends z.ZodType>(
	document: YamlDocument,
	defaultId: string | null,
	format: CaseFileFormat<Schema>,
	settings: TemplateSettings,
): FileResult<z.output<Schema>> {
	if (document.data === null || document.data === undefined)
		return {
			cases: [],
			issues: [document.issue({ path: [], message: "the case is empty", fix: format.emptyFix })],
		};
	const rendered = renderCaseTemplate(document.data, document, settings);
	const data = rendered.data;
	const parsed = rendered.issues.length > 0 ? null : format.schema.safeParse(data);
	const issues =
		parsed === null
			? rendered.issues
			: parsed.success
				? []
				: zodProblems(format.schema, data, parsed.error.issues).map((problem) => document.issue(problem));
	const writtenId = isRecord(document.data) && typeof document.data.id === "string" ? document.data.id : null;
	const id = writtenId ?? defaultId;
	if (id === null) {
		issues.push(
			document.issue({
				path: ["id"],
				message: "missing `id`, required for each case of a `cases:` list",
				fix: `${idFix(document.source)} with a name unique in the use case`,
			}),
		);
		return { cases: [], issues };
	}
	if (writtenId === null && !CASE_ID_PATTERN.test(id))
		issues.push(
			document.issue({
				path: [],
				message: `the file name ${JSON.stringify(id)} is not a valid case id (letters, digits, ., _ and -)`,
				fix: `${idFix(document.source)} with a valid id, or rename the file`,
			}),
		);
	const valid = parsed?.success === true && issues.length === 0;
	const value = valid ? withVars(parsed.data, rendered.vars) : null;
	return { cases: [{ parsed: value, id, written: writtenId !== null, document }], issues };
}

/** How a case of this file is given its id: a column of a CSV table, a key elsewhere. */
function idFix(source: string): string {
	return extname(source).toLowerCase() === ".csv" ? "add an `__id` column to the row" : "add `id:`";
}

/** The parsed case with its resolved vars back in its input (the plugin's schema never saw them). */
function withVars<Parsed>(parsed: Parsed, vars: Record<string, unknown> | null): Parsed {
	if (vars === null || !isRecord(parsed) || !isRecord(parsed.input)) return parsed;
	return { ...parsed, input: { ...parsed.input, vars } };
}

/** The use case's `prompt_template` checked once, rather than once per case: null when absent or valid. */
function useCaseTemplateIssue(context: CaseReadContext): InputIssue | null {
	if (context.prompt_template === null) return null;
	const used = templateVariables(context.prompt_template);
	if (!("problem" in used)) return null;
	const { message, fix } = used.problem;
	const source = join(context.benchmarks_dir, "use_cases.yaml");
	return {
		source,
		line: null,
		column: null,
		path: "prompt_template",
		message: `use case ${context.use_case_id}: ${message}`,
		fix,
	};
}

/** Each duplicated id is reported at every place it is defined, naming the others. */
function duplicateIds(cases: readonly LoadedCase<unknown>[]): InputIssue[] {
	const byId = new Map<string, LoadedCase<unknown>[]>();
	for (const loaded of cases) byId.set(loaded.id, [...(byId.get(loaded.id) ?? []), loaded]);
	const issues: InputIssue[] = [];
	for (const [id, places] of byId) {
		if (places.length < 2) continue;
		const located = places.map((place) => place.document.issue({ path: ["id"], message: "", fix: null }));
		places.forEach((place, index) => {
			const others = located
				.filter((_, other) => other !== index)
				.map((other) => [other.source, other.line, other.column].filter((part) => part !== null).join(":"));
			const written = place.written;
			issues.push(
				place.document.issue({
					path: written ? ["id"] : [],
					message: `duplicate case id \`${id}\`${written ? "" : " (from the file name)"}; also defined at ${others.join(", ")}`,
					fix: "give each case an id unique across the use case's case files",
				}),
			);
		});
	}
	return issues;
}
