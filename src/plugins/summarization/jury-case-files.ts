import { readFile } from "node:fs/promises";
import { basename, extname } from "node:path";
import { z } from "zod";
import {
	BadInputError,
	CASE_KINDS,
	type CaseData,
	type InputIssue,
	type JsonObject,
	type PluginContext,
} from "../../contract/index.js";
import {
	CASE_ID_PATTERN,
	isRecord,
	parseYamlDocument,
	subDocument,
	type YamlDocument,
	zodProblems,
} from "../cases/index.js";
import type { GradingBlock } from "./jury-grading.js";

/** How one jury plugin's case files read: its `input` and `reference`, and how the runner input is resolved. */
export interface JuryCaseFormat<Input extends z.ZodType, Reference extends z.ZodType> {
	/** Schema of `input` as written. */
	readonly input: Input;
	/** Schema of `reference` as written (required: the jurors grade against it). */
	readonly reference: Reference;
	/** The resolved input given to the runner: at least `prompt`, built from the case when it gives none. */
	resolveInput(input: z.output<Input>): JsonObject;
	/** What a minimal case holds, for the message about an empty file. */
	readonly example: string;
}

/** The schema of one case of a jury plugin, with the keys every case file shares. */
export function juryCaseSchema<Input extends z.ZodType, Reference extends z.ZodType>(
	format: Pick<JuryCaseFormat<Input, Reference>, "input" | "reference">,
) {
	const text = z.string().min(1);
	return z
		.strictObject({
			id: z
				.string()
				.regex(CASE_ID_PATTERN, { error: "an id made of letters, digits, ., _ and -" })
				.optional()
				.describe("Unique within the use case; defaults to the file name without its extension."),
			version: z
				.union([text, z.int().min(0).transform(String)])
				.default("1")
				.describe('Bump it when the case\'s meaning changes; default "1".'),
			kind: z.enum(CASE_KINDS).default("floor").describe("floor, ceiling, frontier or stub; default floor."),
			input: format.input,
			reference: format.reference,
			threshold: z.number().min(0).max(1).optional().describe("Composite to reach to pass; default grading.threshold."),
			metadata: z
				.record(z.string(), z.json())
				.optional()
				.describe("Free labels (source, trap, tier), never used for grading."),
		})
		.describe("One jury-graded case.");
}

const caseListSchema = z.strictObject({
	cases: z.array(z.unknown()).min(1).describe("The cases of this file; each needs an `id`."),
});

/** One case read from its file, with the document that places its problems. */
interface LoadedCase {
	/** The written id, or the file name. */
	readonly id: string;
	/** Whether the id is written in the case, rather than taken from the file name. */
	readonly written: boolean;
	/** The case's node: its file's root, or `cases[i]` in a file of several. */
	readonly document: YamlDocument;
	/** The valid case, its threshold null when it sets none; null when it has problems (its id still counts for duplicates). */
	readonly data: (Omit<CaseData, "use_case_id" | "threshold"> & { readonly threshold: number | null }) | null;
}

/**
 * Reads every case file of a jury use case into case data, in file order then in order within a
 * file (a file holds one case, or several under `cases:`). Throws one BadInputError listing every
 * problem of every file and of the grading block, each with its file, line and column.
 */
export async function loadJuryCaseFiles<Input extends z.ZodType, Reference extends z.ZodType>(
	context: PluginContext,
	signal: AbortSignal,
	format: JuryCaseFormat<Input, Reference>,
	grading: GradingBlock,
): Promise<CaseData[]> {
	const schema = juryCaseSchema(format);
	const issues: InputIssue[] = [...grading.issues];
	const loaded: LoadedCase[] = [];
	for (const file of context.case_files) {
		signal.throwIfAborted();
		const result = await readCaseFile(file, schema, format);
		issues.push(...result.issues);
		loaded.push(...result.cases);
	}
	issues.push(...duplicateIds(loaded));
	if (issues.length > 0 || grading.grading === null)
		throw new BadInputError(`The cases of use case ${context.use_case_id} are invalid.`, issues);
	const threshold = grading.grading.threshold;
	return loaded.flatMap(({ data }) =>
		data === null ? [] : [{ ...data, use_case_id: context.use_case_id, threshold: data.threshold ?? threshold }],
	);
}

type CaseSchema = ReturnType<typeof juryCaseSchema>;

async function readCaseFile<Input extends z.ZodType, Reference extends z.ZodType>(
	file: string,
	schema: CaseSchema,
	format: JuryCaseFormat<Input, Reference>,
): Promise<{ cases: LoadedCase[]; issues: InputIssue[] }> {
	let text: string;
	try {
		text = await readFile(file, "utf8");
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		const issue: InputIssue = {
			source: file,
			line: null,
			column: null,
			path: "",
			message: `cannot read the case file: ${reason}`,
			fix: "check that the file exists and is readable",
		};
		return { cases: [], issues: [issue] };
	}
	const document = parseYamlDocument(file, text);
	if (document.syntaxIssues.length > 0) return { cases: [], issues: [...document.syntaxIssues] };
	if (isRecord(document.data) && Object.hasOwn(document.data, "cases")) {
		const list = caseListSchema.safeParse(document.data);
		if (!list.success)
			return {
				cases: [],
				issues: zodProblems(caseListSchema, document.data, list.error.issues).map((problem) => document.issue(problem)),
			};
		const results = list.data.cases.map((_, index) =>
			parseCase(subDocument(document, ["cases", index]), null, schema, format),
		);
		return { cases: results.flatMap((result) => result.cases), issues: results.flatMap((result) => result.issues) };
	}
	return parseCase(document, basename(file, extname(file)), schema, format);
}

function parseCase<Input extends z.ZodType, Reference extends z.ZodType>(
	document: YamlDocument,
	defaultId: string | null,
	schema: CaseSchema,
	format: JuryCaseFormat<Input, Reference>,
): { cases: LoadedCase[]; issues: InputIssue[] } {
	const data = document.data;
	if (data === null || data === undefined)
		return {
			cases: [],
			issues: [document.issue({ path: [], message: "the case is empty", fix: `write at least ${format.example}` })],
		};
	const parsed = schema.safeParse(data);
	const issues = parsed.success
		? []
		: zodProblems(schema, data, parsed.error.issues).map((problem) => document.issue(problem));
	const writtenId = isRecord(data) && typeof data.id === "string" ? data.id : null;
	const id = writtenId ?? defaultId;
	if (id === null) {
		issues.push(
			document.issue({
				path: ["id"],
				message: "missing `id`, required for each case of a `cases:` list",
				fix: "add `id:` with a name unique in the use case",
			}),
		);
		return { cases: [], issues };
	}
	if (writtenId === null && !CASE_ID_PATTERN.test(id))
		issues.push(
			document.issue({
				path: [],
				message: `the file name ${JSON.stringify(id)} is not a valid case id (letters, digits, ., _ and -)`,
				fix: "add `id:` with a valid id, or rename the file",
			}),
		);
	const written = writtenId !== null;
	if (!parsed.success || issues.length > 0) return { cases: [{ id, written, document, data: null }], issues };
	const value = parsed.data;
	const loaded: LoadedCase = {
		id,
		written,
		document,
		data: {
			id,
			version: value.version,
			kind: value.kind,
			input: format.resolveInput(value.input as z.output<Input>),
			reference: value.reference as JsonObject,
			threshold: value.threshold ?? null,
			metadata: (value.metadata ?? {}) as JsonObject,
		},
	};
	return { cases: [loaded], issues };
}

/** Each duplicated id is reported at every place it is defined, naming the others. */
function duplicateIds(cases: readonly LoadedCase[]): InputIssue[] {
	const byId = new Map<string, LoadedCase[]>();
	for (const item of cases) byId.set(item.id, [...(byId.get(item.id) ?? []), item]);
	const issues: InputIssue[] = [];
	for (const [id, places] of byId) {
		if (places.length < 2) continue;
		const where = places.map((place) => {
			const issue = place.document.issue({ path: place.written ? ["id"] : [], message: "", fix: null });
			return [issue.source, issue.line, issue.column].filter((part) => part !== null).join(":");
		});
		places.forEach((place, index) => {
			issues.push(
				place.document.issue({
					path: place.written ? ["id"] : [],
					message: `duplicate case id \`${id}\`${place.written ? "" : " (from the file name)"}; also defined at ${where.filter((_, other) => other !== index).join(", ")}`,
					fix: "give each case an id unique across the use case's case files",
				}),
			);
		});
	}
	return issues;
}
