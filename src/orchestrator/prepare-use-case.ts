import { resolve } from "node:path";
import {
	BadInputError,
	type Case,
	type Grader,
	type JsonObject,
	type JuryPanel,
	type LoadedTask,
	type ModelEntry,
	type PluginContext,
	type Provider,
	type Runner,
	type SpecEndpoints,
	sprintUseCaseId,
	type TaskPackAccess,
	type UseCasePlugin,
} from "../contract/index.js";
import {
	type Definitions,
	findModel,
	findUseCase,
	fleetFor,
	panelFor,
	type UseCaseDefinition,
	useCaseRuntimeDeclaration,
} from "../definitions/index.js";
import { resolveStorePaths, runtimeCacheDir } from "../store/index.js";
import { validateCases } from "./case-validation.js";
import { caseFilesOf } from "./check-use-case-inputs.js";
import { type EndpointOverride, endpointRecord, pointModelsAt, recordedEndpointModels } from "./endpoint-models.js";
import { findJury, lazyJury } from "./find-jury.js";
import { type BuiltSpec, buildSpec } from "./spec-builder.js";
import { createTaskPackAccess } from "./task-pack.js";
import { loadUseCasePlugin } from "./user-plugin.js";

/** The parts a run is assembled from; tests swap them, the CLI uses the built-ins. */
export interface RunParts {
	/** The built-in plugin with this id, if any; another `plugin:` value is loaded as the user's module. */
	findPlugin(id: string): UseCasePlugin | undefined;
	/** The shared runner for a use case whose plugin has none of its own, ready for `fleet`. */
	createRunner(fleet: readonly ModelEntry[]): Runner;
	/** The provider of a model (jurors call through it); throws BadInputError when it cannot be reached as configured. */
	providerFor(model: ModelEntry): Provider;
	/** The runner of a task use case for `fleet`: the agent loop, or the reference policies for `builtin` models. */
	createTaskRunner(resolve: (testCase: Case) => LoadedTask, fleet: readonly ModelEntry[]): Runner;
	/** The sandbox every task workspace and verifier uses. */
	readonly sandbox: TaskPackAccess["sandbox"];
	/** Where `${VAR}` references of task runtimes' mounts are read from; empty when absent. */
	readonly env?: Readonly<Record<string, string | undefined>>;
}

/** A use case resolved against today's definitions, ready to plan. */
export interface PreparedUseCase {
	readonly useCase: UseCaseDefinition;
	readonly plugin: UseCasePlugin;
	readonly cases: readonly Case[];
	readonly grader: Grader;
	readonly runner: Runner;
	readonly harnessConfig: JsonObject;
	readonly fleet: readonly ModelEntry[];
	readonly spec: BuiltSpec;
}

/** What a use case is prepared with besides its definitions. */
export interface PrepareOptions {
	/** `--models`: registry ids; the use case's fleet when absent. */
	readonly models?: readonly string[] | undefined;
	/** `--base-url`: run `models` at this endpoint, under ids of their own (see pointModelsAt). */
	readonly endpoint?: EndpointOverride | undefined;
	/** The endpoint models the current spec records: kept in the new spec, so their rows stay current. */
	readonly recordedEndpoints?: SpecEndpoints | undefined;
	readonly parts: RunParts;
	readonly signal: AbortSignal;
	/** Where task runtimes' bases are cached (beside the store's database); default that of the default store. */
	readonly runtimeCacheDir?: string;
}

/**
 * Resolves a use case: checks it is runnable, loads and validates its cases through its plugin,
 * creates its grader and runner, picks the fleet (`--models` or the use case's, or the models
 * `--base-url` points at), and builds the spec. Every problem is a BadInputError naming where to fix it.
 */
export async function prepareUseCase(
	definitions: Definitions,
	useCaseId: string,
	options: PrepareOptions,
): Promise<PreparedUseCase> {
	const useCase = findUseCase(definitions, useCaseId);
	if (useCase === undefined) {
		const sprint = definitions.sprints.find((entry) => sprintUseCaseId(entry.id) === useCaseId);
		const fix =
			sprint === undefined
				? knownIds(definitions)
				: `a sprint runs one model at a time: touchstone sprint run --sprint ${sprint.id} --model ID`;
		throw flagError("--use-case", `no use case \`${useCaseId}\``, fix);
	}
	if (useCase.status !== "runnable" || useCase.plugin === null)
		throw flagError(
			"--use-case",
			`use case \`${useCaseId}\` is an idea (no harness yet), so it cannot run`,
			"set `status: runnable` and a `plugin:` in use_cases.yaml once it has cases",
		);
	const plugin = await loadUseCasePlugin(definitions, useCase, options.parts.findPlugin, options.signal);

	const benchmarksDir = resolve(definitions.dir);
	const fleet =
		options.endpoint === undefined
			? pickFleet(definitions, useCase, options.models)
			: pointModelsAt(definitions, options.models, options.endpoint);
	// Every endpoint model any run recorded keeps its cell-key part, as every registry model does.
	const endpointModels = [
		...fleet.filter((model) => findModel(definitions, model.id) === undefined),
		...recordedEndpointModels(definitions, options.recordedEndpoints).filter(
			(model) => !fleet.some((entry) => entry.id === model.id),
		),
	];
	// A plugin that asks for the panel only when its input needs one (a `rubric:` check) gets it lazily.
	const jury = lazyJury(() => findJury(definitions, useCase, options.parts.providerFor));
	const context: PluginContext = {
		use_case_id: useCase.id,
		benchmarks_dir: benchmarksDir,
		case_files: caseFilesOf(definitions, useCase),
		tasks_dir: useCase.tasks === null ? null : resolve(benchmarksDir, useCase.tasks),
		grading: useCase.grading ?? {},
		prompt_template: useCase.prompt_template,
		rubric: useCase.rubric,
		providerFor: options.parts.providerFor,
		jury: plugin.usesJury === true ? resolveJury(definitions, useCase, options.parts) : null,
		juryPanel: jury.juryPanel,
		tasks:
			useCase.tasks === null
				? null
				: createTaskPackAccess(
						resolve(benchmarksDir, useCase.tasks),
						options.parts.sandbox,
						(resolveTask) => options.parts.createTaskRunner(resolveTask, fleet),
						{
							useCaseRuntime: useCaseRuntimeDeclaration(definitions, useCase),
							runtimeCacheDir: options.runtimeCacheDir ?? runtimeCacheDir(resolveStorePaths(options.parts.env ?? {})),
							env: options.parts.env ?? {},
						},
					),
	};
	const grader = plugin.createGrader(context);
	const cases = validateCases(
		plugin.id,
		useCase.id,
		await plugin.createCaseSource(context).loadCases({ signal: options.signal }),
	);
	const runner = plugin.createRunner?.(context) ?? options.parts.createRunner(fleet);
	const panel = panelFor(definitions, useCase);
	const harnessConfig: JsonObject = runner.config ?? {};
	const spec = buildSpec({
		useCase,
		headline: useCase.headline ?? grader.headline ?? plugin.defaultHeadline,
		cases,
		grader,
		runner,
		harnessConfig,
		registry: [...definitions.models, ...endpointModels],
		endpoints: endpointRecord(endpointModels),
		judgePanel: (plugin.usesJury === true || jury.asked()) && panel ? { id: panel.id, version: panel.version } : null,
	});
	return { useCase, plugin, cases, grader, runner, harnessConfig, fleet, spec };
}

function resolveJury(definitions: Definitions, useCase: UseCaseDefinition, parts: RunParts): JuryPanel {
	const panel = findJury(definitions, useCase, parts.providerFor);
	if (panel === null)
		throw flagError(
			`use_cases.yaml ${useCase.id}.judge_panel`,
			`use case \`${useCase.id}\` is graded by a jury, but its panel has no juror`,
			"pin a panel of anchor models in judge_panels.yaml (or mark models `role: anchor` for the built-in panel)",
		);
	return panel;
}

function pickFleet(
	definitions: Definitions,
	useCase: UseCaseDefinition,
	requested: readonly string[] | undefined,
): ModelEntry[] {
	if (requested === undefined) {
		const fleet = fleetFor(definitions, useCase);
		if (fleet.length === 0)
			throw flagError("--models", `use case \`${useCase.id}\` has no active model to run`, "name models with --models");
		return fleet;
	}
	const issue = (path: string, message: string, fix: string) => ({
		source: "--models",
		line: null,
		column: null,
		path,
		message,
		fix,
	});
	const known = definitions.models.map((model) => model.id).join(", ");
	const issues = requested.flatMap((id) => {
		const status = findModel(definitions, id)?.status;
		if (status === undefined) return [issue(id, `no model \`${id}\` in models.yaml`, `use registry ids: ${known}`)];
		if (status === "retired")
			return [
				issue(
					id,
					`model \`${id}\` is retired (models.yaml): its stored results stay, but it runs no more`,
					"leave it out of --models, or remove its `retired:` block and `status: retired` in models.yaml to run it again",
				),
			];
		return [];
	});
	if (issues.length > 0) throw new BadInputError("--models names models that cannot run: unknown or retired", issues);
	return [...new Set(requested)].map((id) => findModel(definitions, id) as ModelEntry);
}

function knownIds(definitions: Definitions): string {
	const runnable = definitions.useCases.filter((useCase) => useCase.status === "runnable").map((useCase) => useCase.id);
	return runnable.length === 0
		? "add a runnable use case to use_cases.yaml"
		: `runnable use cases: ${runnable.join(", ")}`;
}

function flagError(source: string, message: string, fix: string): BadInputError {
	return new BadInputError(message, [{ source, line: null, column: null, path: "", message, fix }]);
}
