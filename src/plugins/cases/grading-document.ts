import { join } from "node:path";
import { BadInputError, type InputIssue, type PluginContext } from "../../contract/index.js";
import { isRecord, readInputFile, subDocument, valueAt, type YamlDocument } from "../../input/index.js";
import { parseYamlDocument, unplacedDocument, zodProblems } from "./case-yaml.js";
import { type CasesGrading, gradingSchema } from "./grading-schema.js";

const USE_CASES_FILE = "use_cases.yaml";

/** The use case's `grading:` block, validated, with the document that places its problems. */
export interface GradingBlock {
	/** The validated block; null when it has issues. */
	readonly grading: CasesGrading | null;
	/** Every problem with the block, placed in use_cases.yaml when it can be found. */
	readonly issues: readonly InputIssue[];
	/** Places further problems (a weight no case uses) inside the block. */
	readonly document: YamlDocument;
}

/** Validates `context.grading`, placing each problem on its line of use_cases.yaml. */
export function readGradingBlock(context: PluginContext): GradingBlock {
	const data: unknown = context.grading ?? {};
	// Reading use_cases.yaml again is only worth it when there is a problem to place.
	let located: YamlDocument | undefined;
	const document: YamlDocument = {
		source: join(context.benchmarks_dir, USE_CASES_FILE),
		data,
		syntaxIssues: [],
		issue(problem) {
			located ??= locateGrading(context, data);
			return located.issue(problem);
		},
	};
	const parsed = gradingSchema.safeParse(data);
	if (!parsed.success)
		return {
			grading: null,
			issues: zodProblems(gradingSchema, data, parsed.error.issues).map((problem) => document.issue(problem)),
			document,
		};
	const { headline, weights, threshold, checks } = parsed.data;
	return { grading: { headline, weights, threshold, checks: checks ?? null }, issues: [], document };
}

/** Validates `context.grading`, throwing BadInputError listing every problem. */
export function parseGrading(context: PluginContext): CasesGrading {
	const block = readGradingBlock(context);
	if (block.grading === null)
		throw new BadInputError(`The grading block of use case ${context.use_case_id} is invalid.`, block.issues);
	return block.grading;
}

/**
 * The grading block (or another block of the use case's entry, such as `rubric`) inside
 * use_cases.yaml, so problems get a line and column. The host hands the block over as data; when
 * the file or the entry cannot be found, problems name the file alone. A block left out places its
 * problems on the entry.
 */
export function locateGrading(context: PluginContext, data: unknown, key = "grading"): YamlDocument {
	const source = join(context.benchmarks_dir, USE_CASES_FILE);
	const read = readInputFile(source);
	if (read.issue !== null) return unplacedDocument(source, data, [key]);
	const file = parseYamlDocument(source, read.text);
	const entries = valueAt(file.data, ["use_cases"]);
	const index = Array.isArray(entries)
		? entries.findIndex((entry) => isRecord(entry) && entry.id === context.use_case_id)
		: -1;
	if (index === -1) return unplacedDocument(source, data, [key]);
	return { ...subDocument(file, ["use_cases", index, key]), data };
}
