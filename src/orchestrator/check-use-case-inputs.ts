import { resolve } from "node:path";
import {
	BadInputError,
	type InputIssue,
	type JuryPanel,
	type ModelEntry,
	type PluginContext,
	type Provider,
	TouchstoneError,
	type UseCasePlugin,
} from "../contract/index.js";
import { type Definitions, loadTaskPack, matchFiles, type UseCaseDefinition } from "../definitions/index.js";
import { findPlugin as findBuiltinPlugin } from "../plugins/index.js";
import { validateCases } from "./case-validation.js";
import { findJury, lazyJury } from "./find-jury.js";
import { loadUseCasePlugin } from "./user-plugin.js";

/** What {@link checkUseCaseInputs} reads with. */
export interface CheckInputsOptions {
	/** The plugin with this id; default the built-in plugins. */
	readonly findPlugin?: (id: string) => UseCasePlugin | undefined;
	readonly signal: AbortSignal;
	/** Called with a use case whose cases asked for its judge panel (a `rubric:` check), after reading them. */
	readonly onJuryAsked?: (useCaseId: string) => void;
}

/**
 * Reads and checks every case file and every task.yaml of every runnable use case, as `run` reads
 * them (the plugin's case source and the case checks for case files, the task pack loader for
 * tasks), without creating a provider, calling a model, preparing a runtime or touching the store.
 * Returns the number of cases (or tasks) of each runnable use case; throws one BadInputError listing
 * every problem of every use case, each located in its file.
 */
export async function checkUseCaseInputs(
	definitions: Definitions,
	options: CheckInputsOptions,
): Promise<Record<string, number>> {
	const findPlugin = options.findPlugin ?? findBuiltinPlugin;
	const counts: Record<string, number> = {};
	const issues: InputIssue[] = [];
	for (const useCase of definitions.useCases) {
		if (useCase.status !== "runnable" || useCase.plugin === null) continue;
		options.signal.throwIfAborted();
		try {
			const plugin = await loadUseCasePlugin(definitions, useCase, findPlugin, options.signal);
			const jury = lazyJury(() => findJury(definitions, useCase, uncalledProvider));
			counts[useCase.id] = await countInputs(definitions, useCase, plugin, jury.juryPanel, options.signal);
			if (jury.asked()) options.onJuryAsked?.(useCase.id);
		} catch (error) {
			if (!(error instanceof BadInputError)) throw error;
			issues.push(...error.issues);
		}
	}
	if (issues.length > 0)
		throw new BadInputError(
			`The cases and tasks of ${definitions.dir} have ${issues.length} problem${issues.length === 1 ? "" : "s"}`,
			issues,
		);
	return counts;
}

/** The case files a use case's `cases:` glob matches, as absolute paths, each inside the allowed folders. */
export function caseFilesOf(definitions: Definitions, useCase: UseCaseDefinition): string[] {
	const benchmarksDir = resolve(definitions.dir);
	return useCase.cases === null
		? []
		: matchFiles(benchmarksDir, useCase.cases, definitions.allowedPaths).files.map((file) =>
				resolve(benchmarksDir, file),
			);
}

async function countInputs(
	definitions: Definitions,
	useCase: UseCaseDefinition,
	plugin: UseCasePlugin,
	juryPanel: () => JuryPanel | null,
	signal: AbortSignal,
): Promise<number> {
	// A task pack's fixtures are materialized by `snapshot` and its runtime prepared by `run`:
	// what is checked here is what the user wrote, every task.yaml.
	if (useCase.tasks !== null) return loadTaskPack(resolve(definitions.dir, useCase.tasks)).tasks.length;
	const context: PluginContext = {
		use_case_id: useCase.id,
		benchmarks_dir: resolve(definitions.dir),
		case_files: caseFilesOf(definitions, useCase),
		tasks_dir: null,
		grading: useCase.grading ?? {},
		prompt_template: useCase.prompt_template,
		rubric: useCase.rubric,
		jury: null,
		// A rubric check needs a resolvable panel; its jurors are not called here.
		juryPanel,
		tasks: null,
	};
	return validateCases(plugin.id, useCase.id, await plugin.createCaseSource(context).loadCases({ signal })).length;
}

/** A juror's provider while checking inputs: nothing calls it, and it refuses if anything does. */
function uncalledProvider(model: ModelEntry): Provider {
	return {
		specificationVersion: "v1",
		id: `unreached:${model.id}`,
		endpoint: null,
		complete: () => Promise.reject(new TouchstoneError("validate", "checking inputs calls no model")),
	};
}
