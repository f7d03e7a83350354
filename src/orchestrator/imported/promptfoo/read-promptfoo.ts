import { basename, resolve } from "node:path";
import { BadInputError, type JsonObject } from "../../../contract/index.js";
import { DEFAULT_BAND, USE_CASE_ID_PATTERN } from "../../../definitions/index.js";
import type { ImportedEvaluation, ImportedSample } from "../imported-evaluation.js";
import { slug } from "../slug.js";
import { type PromptfooFile, readPromptfooFile } from "./read-results-file.js";
import { resultCases } from "./result-cases.js";
import { resultModels } from "./result-models.js";
import { PROMPTFOO_HEADLINE, resultSample } from "./result-sample.js";

/** The format name of a promptfoo import: its rows run under the harness `import:promptfoo`. */
export const PROMPTFOO_FORMAT = "promptfoo";

/** What the user chose for an import; each default comes from the file. */
export interface PromptfooImportOptions {
	/** The use case (`--use-case`); default: the eval's description slugged, else `promptfoo-<file name>`. */
	readonly useCase?: string | undefined;
	/** The source (`--source`); default `promptfoo:<evalId>`, else `promptfoo:<file name>`. */
	readonly source?: string | undefined;
}

/**
 * Reads a promptfoo results file (`promptfoo eval -o results.json`, format version 3 or later)
 * into an imported evaluation: one model per prompt × provider column, one case per test, one
 * sample per row (repeats numbered in the file's order), promptfoo's pass as the headline. Throws
 * a BadInputError for a file that is not such results, or a use case id touchstone cannot take,
 * before anything is written.
 */
export function readPromptfooResults(path: string, options: PromptfooImportOptions = {}): ImportedEvaluation {
	const file = readPromptfooFile(path);
	const { results } = file;
	const rows = results.results.results;
	const name = basename(path).replace(/\.json$/i, "");
	const description = results.config?.description ?? null;
	const use_case_id = useCaseOf(options.useCase, description, name);
	const evalId = results.evalId ?? null;
	const source = options.source ?? `promptfoo:${evalId ?? name}`;
	const { cases, caseOf } = resultCases(rows);
	const { models, modelOf } = resultModels(rows);
	const counts = new Map<string, number>();
	const samples: ImportedSample[] = [];
	// The file's order within a test's repeats is its testIdx order (promptfoo numbers repeats on).
	const ordered = rows.map((row, position) => ({ row, position }));
	ordered.sort((a, b) => a.row.testIdx - b.row.testIdx || a.position - b.position);
	for (const { row } of ordered) {
		const case_id = caseOf(row);
		const model_id = modelOf(row);
		const cell = JSON.stringify([case_id, model_id]);
		const sample_index = counts.get(cell) ?? 0;
		counts.set(cell, sample_index + 1);
		samples.push(resultSample(row, { case_id, model_id, sample_index }));
	}
	return {
		format: PROMPTFOO_FORMAT,
		use_case_id,
		source,
		file: { path: resolve(path), sha256: file.sha256, bytes: file.bytes },
		origin: originOf(file, description),
		headline: PROMPTFOO_HEADLINE,
		band: DEFAULT_BAND,
		cases,
		models,
		samples,
		methodology: methodologyOf(file, evalId),
	};
}

function useCaseOf(flag: string | undefined, description: string | null, name: string): string {
	if (flag !== undefined) {
		if (USE_CASE_ID_PATTERN.test(flag)) return flag;
		throw new BadInputError(`--use-case ${flag} is not a use case id`, [
			{
				source: "--use-case",
				line: null,
				column: null,
				path: flag,
				message: "a use case id is made of lowercase letters, digits, - and _, and starts with a letter or digit",
				fix: `e.g. --use-case ${slug(flag) || "promptfoo-eval"}`,
			},
		]);
	}
	const described = description === null ? "" : slug(description);
	if (described !== "") return described;
	return `promptfoo-${slug(name) || "eval"}`;
}

function originOf(file: PromptfooFile, description: string | null): JsonObject {
	const { results } = file;
	const entries: Record<string, string | number | null | undefined> = {
		tool: "promptfoo",
		eval_id: results.evalId,
		results_version: results.results.version,
		promptfoo_version: results.metadata?.promptfooVersion,
		created_at: results.metadata?.evaluationCreatedAt ?? results.results.timestamp,
		author: results.metadata?.author,
		description,
	};
	return Object.fromEntries(
		Object.entries(entries).filter(([, value]) => value !== undefined && value !== null),
	) as JsonObject;
}

function methodologyOf(file: PromptfooFile, evalId: string | null): string {
	const version = file.results.metadata?.promptfooVersion;
	const made = `${version === undefined || version === null ? "promptfoo" : `promptfoo ${version}`}${evalId === null ? "" : ` eval ${evalId}`}`;
	return [
		`Graded by ${made}: each test's assertions as promptfoo ran them.`,
		"pass is promptfoo's own verdict on the row (every assertion passed, or the weighted score met the test's threshold); score is its weighted assertion score, and each assertion and named metric a score of its own.",
		"Rows whose provider call failed without an answer are harness errors, excluded from the headline; an assertion failing or breaking on an answer is the model's failure.",
	].join(" ");
}
