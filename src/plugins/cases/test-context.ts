import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parse } from "yaml";
import {
	type Attempt,
	BadInputError,
	type CaseData,
	defineCase,
	type InputIssue,
	type JsonObject,
	type PluginContext,
	type Score,
	UNKNOWN_TELEMETRY,
} from "../../contract/index.js";
import { casesPlugin } from "./cases-plugin.js";

/* Helpers for this plugin's tests: a benchmarks folder on disk and its plugin context. */

const signal = new AbortController().signal;

/**
 * Writes a benchmarks folder with `use_cases.yaml` (one `cases` use case `demo`, with the given
 * `grading:` block text) and the given case files under `packs/demo/`, and returns its context.
 */
export function benchmarksWith(files: Record<string, string>, gradingYaml = ""): PluginContext {
	const dir = mkdtempSync(join(tmpdir(), "touchstone-cases-"));
	const useCases = `use_cases:\n  - id: other\n    status: idea\n  - id: demo\n    status: runnable\n    plugin: cases\n${gradingYaml === "" ? "" : `    grading:\n${indent(gradingYaml, 6)}`}`;
	writeFileSync(join(dir, "use_cases.yaml"), useCases);
	const packs = join(dir, "packs");
	for (const [name, text] of Object.entries(files)) {
		const path = join(packs, "demo", name);
		writeFileSync(ensureParent(path), text);
	}
	return contextFor(
		dir,
		"demo",
		Object.keys(files)
			.map((name) => join(packs, "demo", name))
			.sort(),
	);
}

/** The context the host would build for use case `id` of the benchmarks folder `dir`. */
export function contextFor(dir: string, id: string, caseFiles?: readonly string[]): PluginContext {
	const document = parse(readFileSync(join(dir, "use_cases.yaml"), "utf8")) as {
		use_cases: { id: string; grading?: JsonObject; cases?: string; prompt_template?: string }[];
	};
	const entry = document.use_cases.find((useCase) => useCase.id === id);
	const files =
		caseFiles ??
		readdirSync(join(dir, "packs", id))
			.filter((name) => name.endsWith(".yaml"))
			.map((name) => join(dir, "packs", id, name))
			.sort();
	return {
		use_case_id: id,
		benchmarks_dir: dir,
		case_files: files,
		tasks_dir: null,
		tasks: null,
		grading: entry?.grading ?? {},
		prompt_template: entry?.prompt_template ?? null,
		rubric: null,
		jury: null,
	};
}

/** Loads the cases of a context. */
export function loadCases(context: PluginContext): Promise<readonly CaseData[]> {
	return casesPlugin.createCaseSource(context).loadCases({ signal });
}

/** The issues of the BadInputError that loading the cases throws. */
export async function loadIssues(context: PluginContext): Promise<readonly InputIssue[]> {
	try {
		await loadCases(context);
	} catch (error) {
		if (error instanceof BadInputError) return error.issues;
		throw error;
	}
	throw new Error("expected the cases to be refused");
}

/** Grades one output of a case with the use case's grader; returns the scores by metric. */
export async function gradeCase(
	context: PluginContext,
	data: CaseData,
	final: string | null,
	overrides: Partial<Attempt> = {},
): Promise<Record<string, Score>> {
	const attempt: Attempt = {
		final,
		trace: [],
		telemetry: UNKNOWN_TELEMETRY,
		status: "completed",
		error: null,
		runner_provenance: { runner: "test", runner_version: "1", details: {} },
		diff: null,
		raw: null,
		...overrides,
	};
	const scores = await casesPlugin.createGrader(context).grade({ case: defineCase(data), attempt }, { signal });
	return Object.fromEntries(scores.map((score) => [score.metric, score]));
}

function indent(text: string, spaces: number): string {
	return text
		.split("\n")
		.map((line) => (line === "" ? line : `${" ".repeat(spaces)}${line}`))
		.join("\n");
}

function ensureParent(path: string): string {
	mkdirSync(dirname(path), { recursive: true });
	return path;
}
