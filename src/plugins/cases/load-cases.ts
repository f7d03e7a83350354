import {
	BadInputError,
	type CaseData,
	type InputIssue,
	type JsonObject,
	type PluginContext,
} from "../../contract/index.js";
import { COMPOSITE_METRIC } from "../../graders/index.js";
import type { YamlDocument } from "../../input/index.js";
import { caseSchema, type ParsedCase } from "./case-schema.js";
import type { Check } from "./check-schema.js";
import { readGradingBlock } from "./grading-document.js";
import type { CasesGrading } from "./grading-schema.js";
import { type LoadedCase, readCaseFiles } from "./read-case-files.js";
import { checkEnvironment, resolveCheckList, resolveGrading } from "./resolve-checks.js";

/** The metadata of every case that has none: one frozen object, not one per case of a large pack. */
const NO_METADATA: JsonObject = Object.freeze({}) as JsonObject;

type ValidCase = LoadedCase<ParsedCase> & { readonly parsed: ParsedCase };

/**
 * Reads every case file of a use case into case data, in file order then in order within a
 * file. Throws one BadInputError listing every problem of every file and of the grading block.
 */
export async function loadCaseFiles(context: PluginContext, signal: AbortSignal): Promise<CaseData[]> {
	const block = readGradingBlock(context);
	const read = await readCaseFiles(
		context.case_files,
		signal,
		{
			schema: caseSchema,
			emptyFix: "write at least `input: { prompt: ... }` and `checks:`",
		},
		context,
	);
	const issues: InputIssue[] = [...block.issues, ...read.issues];
	const loaded = read.cases;
	const valid = loaded.filter((loadedCase): loadedCase is ValidCase => loadedCase.parsed !== null);
	if (block.grading !== null) issues.push(...checkProblems(valid, block.grading, block.document));
	// Javascript modules and the judge panel: the resolved checks enter each case's reference.
	const environment = checkEnvironment(context);
	if (block.grading !== null) issues.push(...resolveGrading(block.grading, block.document, environment).issues);
	const checks = valid.map(({ parsed, document }) => {
		if (parsed.checks === undefined) return undefined;
		const resolved = resolveCheckList(parsed.checks, document, environment);
		issues.push(...resolved.issues);
		return resolved.checks;
	});
	if (issues.length > 0) throw new BadInputError(`The cases of use case ${context.use_case_id} are invalid.`, issues);
	const grading = block.grading as CasesGrading;
	return valid.map(({ parsed, id }, index) => toCaseData(parsed, checks[index], id, context.use_case_id, grading));
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

function toCaseData(
	parsed: ParsedCase,
	checks: readonly Check[] | undefined,
	id: string,
	useCaseId: string,
	grading: CasesGrading,
): CaseData {
	const reference = (parsed.reference ?? null) as JsonObject | null;
	return {
		id,
		version: parsed.version,
		use_case_id: useCaseId,
		kind: parsed.kind,
		input: parsed.input as JsonObject,
		// A case's own checks are part of what it is graded against, so they live in its reference,
		// which enters the cell key: editing a check re-runs that case only.
		reference: checks === undefined ? reference : { ...reference, checks: checks as unknown as JsonObject[] },
		threshold: parsed.threshold ?? grading.threshold,
		metadata: (parsed.metadata ?? NO_METADATA) as JsonObject,
	};
}
