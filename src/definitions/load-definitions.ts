import { statSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { BadInputError, type InputIssue, type ModelEntry } from "../contract/index.js";
import { readInputFile } from "../input/index.js";
import type { Definitions } from "./definitions.js";
import {
	BUILTIN_PANEL_ID,
	BUILTIN_PANEL_VERSION,
	type JudgePanel,
	judgePanelsFileSchema,
	majorityQuorum,
} from "./judge-panel-schema.js";
import { modelsFileSchema } from "./model-schema.js";
import { duplicateIdIssues, rawEntries, rawIds } from "./raw-entries.js";
import { checkPanelReferences, checkUseCaseReferences, type ReferenceContext } from "./reference-checks.js";
import { schemaIssues } from "./schema-issues.js";
import { checkSelfPreference } from "./self-preference-checks.js";
import { collectSprints, sprintIdCollisions } from "./sprint-use-cases.js";
import { useCasesFileSchema } from "./use-case-schema.js";
import { parseYamlFile, type YamlFile } from "./yaml-file.js";

/** File names of the three definition files inside a benchmarks folder. */
export const DEFINITION_FILES = {
	models: "models.yaml",
	judgePanels: "judge_panels.yaml",
	useCases: "use_cases.yaml",
} as const;

const INIT_FIX = "run `touchstone init` to scaffold a benchmarks folder, or pass the folder that holds models.yaml";

/** What {@link loadDefinitions} is told besides the folder. */
export interface LoadDefinitionsOptions {
	/**
	 * Folders outside `dir` the user allows case globs to reach (`--allow-path`). Without them, a
	 * glob or symlink that resolves outside `dir` is a problem.
	 */
	readonly allowedPaths?: readonly string[];
	/**
	 * The plugin ids a use case may name in `plugin:` (the built-in plugins, from the caller above
	 * this layer); when given, another id is a problem located at its line. Default: not checked here.
	 */
	readonly plugins?: readonly string[];
	/**
	 * The plugin ids whose grader is a jury (from the caller above this layer): their use cases are
	 * checked for self-preference (see `checkSelfPreference`). Default: none checked.
	 */
	readonly juryPlugins?: readonly string[];
	/**
	 * Use cases graded by a jury although their plugin is none of `juryPlugins`: a `cases` use case
	 * with a `rubric:` check, found by reading its cases (see `checkUseCaseInputs`). Also checked for
	 * self-preference. Default: none.
	 */
	readonly juryUseCases?: readonly string[];
}

/**
 * Loads and validates `models.yaml`, `judge_panels.yaml` (optional), `use_cases.yaml` and every
 * `sprints/<id>/sprint.yaml` (see loadSprints) in `dir`.
 * Throws one BadInputError listing every problem of every file (syntax, schema, cross references),
 * each located by file, line, column and path; returns warnings instead of throwing them. Never writes.
 */
export function loadDefinitions(dir: string, options: LoadDefinitionsOptions = {}): Definitions {
	const allowedPaths = options.allowedPaths ?? [];
	const directory = statSync(dir, { throwIfNoEntry: false });
	if (directory === undefined || !directory.isDirectory())
		throw new BadInputError(`Cannot load the definitions in ${dir}: 1 problem`, [
			{
				source: dir,
				line: null,
				column: null,
				path: "",
				message: directory === undefined ? "the benchmarks folder does not exist" : "expected a folder, found a file",
				fix: INIT_FIX,
			},
		]);

	const issues: InputIssue[] = [];
	const warnings: InputIssue[] = [];
	const modelsFile = readYaml(dir, DEFINITION_FILES.models, issues);
	const panelsFile = readYaml(dir, DEFINITION_FILES.judgePanels, issues, { optional: true });
	const useCasesFile = readYaml(dir, DEFINITION_FILES.useCases, issues);

	const models = validate(modelsFile, modelsFileSchema, issues);
	const panels = validate(panelsFile, judgePanelsFileSchema, issues);
	const useCases = validate(useCasesFile, useCasesFileSchema, issues);

	const context: ReferenceContext = {
		dir,
		allowedPaths,
		models: readable(modelsFile) ? modelStatuses(modelsFile) : null,
		panels: panelsFile === null ? [BUILTIN_PANEL_ID] : readable(panelsFile) ? rawIds(panelsFile, "panels") : null,
		builtinPanel: panelsFile === null,
		plugins: options.plugins ?? null,
	};
	for (const [file, listKey, noun] of [
		[modelsFile, "models", "model"],
		[panelsFile, "panels", "panel"],
		[useCasesFile, "use_cases", "use case"],
	] as const)
		if (readable(file)) issues.push(...duplicateIdIssues(file, listKey, noun));
	for (const findings of [
		readable(panelsFile) ? checkPanelReferences(panelsFile, context) : null,
		readable(useCasesFile) ? checkUseCaseReferences(useCasesFile, context) : null,
	]) {
		issues.push(...(findings?.issues ?? []));
		warnings.push(...(findings?.warnings ?? []));
	}

	const sprints = collectSprints(dir, context.panels, issues);
	if (readable(useCasesFile)) issues.push(...sprintIdCollisions(useCasesFile, sprints));

	if (issues.length > 0 || models === null || useCases === null || (panelsFile !== null && panels === null))
		throw new BadInputError(
			`Cannot load the definitions in ${dir}: ${issues.length} problem${issues.length === 1 ? "" : "s"}`,
			issues,
		);

	if (models.models.length === 0)
		warnings.push(
			note(modelsFile, "no models are defined, so no use case can run", "add at least one entry under `models:`"),
		);
	const builtin = panels === null ? builtinPanel(models.models) : null;
	if (builtin !== null && builtin.jurors.length === 0)
		warnings.push(
			note(
				modelsFile,
				"no active model has `role: anchor`, so the built-in judge panel has no jurors",
				"mark one or more models `role: anchor`, or pin a panel in judge_panels.yaml",
			),
		);
	const definitions: Definitions = {
		dir,
		models: models.models,
		panels: builtin === null ? (panels?.panels ?? []) : [builtin],
		defaultPanel: panels?.default ?? BUILTIN_PANEL_ID,
		useCases: useCases.use_cases,
		sprints,
		warnings,
		allowedPaths,
	};
	const selfPreference =
		useCasesFile === null
			? { issues: [], warnings: [] }
			: checkSelfPreference(useCasesFile, definitions, options.juryPlugins ?? [], options.juryUseCases ?? []);
	if (selfPreference.issues.length > 0)
		throw new BadInputError(
			`Cannot load the definitions in ${dir}: ${selfPreference.issues.length} problem${selfPreference.issues.length === 1 ? "" : "s"}`,
			selfPreference.issues,
		);
	warnings.push(...selfPreference.warnings);
	return definitions;
}

/** The panel used when judge_panels.yaml is absent: every active anchor model, by majority. */
function builtinPanel(models: readonly ModelEntry[]): JudgePanel {
	const jurors = models
		.filter((model) => model.role === "anchor" && model.status === "active")
		.map((model) => model.id);
	return { id: BUILTIN_PANEL_ID, version: BUILTIN_PANEL_VERSION, jurors, quorum: majorityQuorum(jurors.length) };
}

/** Reads and parses one file; a missing file is an issue (or null when optional). */
function readYaml(
	dir: string,
	name: string,
	issues: InputIssue[],
	options: { optional?: boolean } = {},
): YamlFile | null {
	const source = join(dir, name);
	const read = readInputFile(source, name);
	if (read.issue !== null) {
		if (read.missing && options.optional === true) return null;
		issues.push(
			read.missing ? { ...read.issue, message: `${name} is missing; it is required`, fix: INIT_FIX } : read.issue,
		);
		return null;
	}
	const file = parseYamlFile(source, read.text);
	issues.push(...file.syntaxIssues);
	return file;
}

/** Schema-checks a parsed file; null when it is absent, unreadable or invalid. */
function validate<Schema extends z.ZodType>(
	file: YamlFile | null,
	schema: Schema,
	issues: InputIssue[],
): z.output<Schema> | null {
	if (!readable(file)) return null;
	const result = schema.safeParse(file.data);
	if (result.success) return result.data;
	issues.push(...schemaIssues(file, schema, result.error.issues));
	return null;
}

/** Model id -> status as written, or null when the file has no `models` list to read. */
function modelStatuses(file: YamlFile): Map<string, unknown> | null {
	if (rawIds(file, "models") === null) return null;
	const statuses = new Map<string, unknown>();
	for (const { fields } of rawEntries(file, "models"))
		if (typeof fields.id === "string" && !statuses.has(fields.id))
			statuses.set(fields.id, fields.retired === undefined ? (fields.status ?? "active") : "retired");
	return statuses;
}

function readable(file: YamlFile | null): file is YamlFile {
	return file !== null && file.syntaxIssues.length === 0;
}

/** A warning about the registry as a whole, placed on its `models:` key. */
function note(file: YamlFile | null, message: string, fix: string): InputIssue {
	if (file === null) return { source: "", line: null, column: null, path: "models", message, fix };
	return file.issueAt(["models"], { message, fix, at: "key" });
}
