import { readFile } from "node:fs/promises";
import { basename, extname } from "node:path";
import {
	BadInputError,
	type CaseData,
	type InputIssue,
	type JsonObject,
	type PluginContext,
} from "../../contract/index.js";
import { COMPOSITE_METRIC } from "../../graders/index.js";
import { CASE_ID_PATTERN, caseListSchema, caseSchema, type ParsedCase } from "./case-schema.js";
import type { Check } from "./check-schema.js";
import { readGradingBlock } from "./grading-document.js";
import type { CasesGrading } from "./grading-schema.js";
import { isRecord, parseYamlDocument, subDocument, type YamlDocument } from "./yaml-document.js";
import { zodProblems } from "./zod-problems.js";

/** One case read from its file, with the document that places its problems. */
interface LoadedCase {
	/** The valid case; null when it has problems (its id still counts for duplicates). */
	readonly parsed: ParsedCase | null;
	/** The written id, or the file name. */
	readonly id: string;
	/** Whether the id is written in the case, rather than taken from the file name. */
	readonly written: boolean;
	/** The case's node: its file's root, or `cases[i]` in a file of several. */
	readonly document: YamlDocument;
}

type ValidCase = LoadedCase & { readonly parsed: ParsedCase };

/**
 * Reads every case file of a use case into case data, in file order then in order within a
 * file. Throws one BadInputError listing every problem of every file and of the grading block.
 */
export async function loadCaseFiles(context: PluginContext, signal: AbortSignal): Promise<CaseData[]> {
	const block = readGradingBlock(context);
	const issues: InputIssue[] = [...block.issues];
	const loaded: LoadedCase[] = [];
	for (const file of context.case_files) {
		signal.throwIfAborted();
		const result = await readCaseFile(file);
		issues.push(...result.issues);
		loaded.push(...result.cases);
	}
	issues.push(...duplicateIds(loaded));
	const valid = loaded.filter((loadedCase): loadedCase is ValidCase => loadedCase.parsed !== null);
	if (block.grading !== null) issues.push(...checkProblems(valid, block.grading, block.document));
	if (issues.length > 0) throw new BadInputError(`The cases of use case ${context.use_case_id} are invalid.`, issues);
	const grading = block.grading as CasesGrading;
	return valid.map(({ parsed, id }) => toCaseData(parsed, id, context.use_case_id, grading));
}

async function readCaseFile(file: string): Promise<{ cases: LoadedCase[]; issues: InputIssue[] }> {
	let text: string;
	try {
		text = await readFile(file, "utf8");
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return {
			cases: [],
			issues: [
				{
					source: file,
					line: null,
					column: null,
					path: "",
					message: `cannot read the case file: ${reason}`,
					fix: "check that the file exists and is readable",
				},
			],
		};
	}
	const document = parseYamlDocument(file, text);
	if (document.syntaxIssues.length > 0) return { cases: [], issues: [...document.syntaxIssues] };
	const data = document.data;
	if (isRecord(data) && Object.hasOwn(data, "cases")) {
		const list = caseListSchema.safeParse(data);
		if (!list.success)
			return {
				cases: [],
				issues: zodProblems(caseListSchema, data, list.error.issues).map((problem) => document.issue(problem)),
			};
		const results = list.data.cases.map((_, index) => parseCase(subDocument(document, ["cases", index]), null));
		return { cases: results.flatMap((result) => result.cases), issues: results.flatMap((result) => result.issues) };
	}
	const fileId = basename(file, extname(file));
	return parseCase(document, fileId);
}

/** Parses one case; `defaultId` is the file name for a one-case file, null inside a list. */
function parseCase(document: YamlDocument, defaultId: string | null): { cases: LoadedCase[]; issues: InputIssue[] } {
	const data = document.data;
	if (data === null || data === undefined)
		return {
			cases: [],
			issues: [
				document.issue({
					path: [],
					message: "the case is empty",
					fix: "write at least `input: { prompt: ... }` and `checks:`",
				}),
			],
		};
	const parsed = caseSchema.safeParse(data);
	const issues = parsed.success
		? []
		: zodProblems(caseSchema, data, parsed.error.issues).map((problem) => document.issue(problem));
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
	const valid = parsed.success && issues.length === 0;
	return { cases: [{ parsed: valid ? parsed.data : null, id, written: writtenId !== null, document }], issues };
}

/** Each duplicated id is reported at every place it is defined, naming the others. */
function duplicateIds(cases: readonly LoadedCase[]): InputIssue[] {
	const byId = new Map<string, LoadedCase[]>();
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

/** Problems between a case's checks and the grading block: none at all, duplicate metrics, headline, weights. */
function checkProblems(
	cases: readonly ValidCase[],
	grading: CasesGrading,
	gradingDocument: YamlDocument,
): InputIssue[] {
	const issues: InputIssue[] = [];
	const used = new Set<string>();
	const composite = grading.headline === COMPOSITE_METRIC;
	for (const { parsed, document } of cases) {
		const own = parsed.checks !== undefined;
		const checks = parsed.checks ?? grading.checks;
		if (checks === null) {
			issues.push(
				document.issue({
					path: [],
					message: "the case has no checks, and the use case's grading block has no default `checks`",
					fix: "add `checks:` to the case (e.g. `- { metric: label, exact: billing }`), or default checks under `grading.checks` in use_cases.yaml",
				}),
			);
			continue;
		}
		// Problems with default checks are reported once, on the grading block, below.
		if (!own) {
			for (const check of checks) used.add(check.metric);
			continue;
		}
		for (const check of checks) used.add(check.metric);
		issues.push(...metricNameProblems(checks, composite, document));
		issues.push(...headlineProblems(checks, grading, (problem) => document.issue({ ...problem, path: ["checks"] })));
	}
	if (grading.checks !== null)
		issues.push(
			...metricNameProblems(grading.checks, composite, gradingDocument),
			...headlineProblems(grading.checks, grading, (problem) =>
				gradingDocument.issue({ ...problem, path: ["checks"] }),
			),
		);
	for (const name of Object.keys(grading.weights))
		if (!used.has(name) && cases.length > 0)
			issues.push(
				gradingDocument.issue({
					path: ["weights", name],
					message: `no check of any case produces the metric \`${name}\``,
					fix: `weigh one of the metrics the checks produce (${[...used].sort().join(", ")}), or remove this weight`,
					atKey: true,
				}),
			);
	return issues;
}

/** Two checks of one list with the same metric, or a check named like the composite headline. */
function metricNameProblems(checks: readonly Check[], composite: boolean, document: YamlDocument): InputIssue[] {
	const metrics = checks.map((check) => check.metric);
	return metrics.flatMap((metric, index) => {
		const path = ["checks", index, "metric"];
		const problems: InputIssue[] = [];
		if (metrics.indexOf(metric) !== index)
			problems.push(
				document.issue({
					path,
					message: `metric \`${metric}\` is used by two checks`,
					fix: "give each check its own `metric:` name",
					atKey: true,
				}),
			);
		if (composite && metric === COMPOSITE_METRIC)
			problems.push(
				document.issue({
					path,
					message: "`composite` is the name of the headline metric",
					fix: "name this check's metric something else, or set grading.headline to it",
					atKey: true,
				}),
			);
		return problems;
	});
}

function headlineProblems(
	checks: readonly Check[],
	grading: CasesGrading,
	place: (problem: { message: string; fix: string }) => InputIssue,
): InputIssue[] {
	const metrics = checks.map((check) => check.metric);
	if (grading.headline !== COMPOSITE_METRIC) {
		if (metrics.includes(grading.headline)) return [];
		return [
			place({
				message: `the headline metric \`${grading.headline}\` (grading.headline) is not among these checks' metrics (${metrics.join(", ")})`,
				fix: `add a check with \`metric: ${grading.headline}\`, or set grading.headline to composite`,
			}),
		];
	}
	if (metrics.some((metric) => (grading.weights[metric] ?? 1) > 0)) return [];
	return [
		place({
			message: `every metric of these checks (${metrics.join(", ")}) has weight 0 in grading.weights, so the composite is undefined`,
			fix: "give one of them a positive weight, or add a check",
		}),
	];
}

function toCaseData(parsed: ParsedCase, id: string, useCaseId: string, grading: CasesGrading): CaseData {
	const reference = (parsed.reference ?? null) as JsonObject | null;
	return {
		id,
		version: parsed.version,
		use_case_id: useCaseId,
		kind: parsed.kind,
		input: parsed.input as JsonObject,
		// A case's own checks are part of what it is graded against, so they live in its reference,
		// which enters the cell key: editing a check re-runs that case only.
		reference:
			parsed.checks === undefined ? reference : { ...reference, checks: parsed.checks as unknown as JsonObject[] },
		threshold: parsed.threshold ?? grading.threshold,
		metadata: (parsed.metadata ?? {}) as JsonObject,
	};
}
