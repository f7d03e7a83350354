import { type InputIssue, type ModelEntry, NotFoundError, type SprintDefinition } from "../contract/index.js";
import type { JudgePanel } from "./judge-panel-schema.js";
import type { UseCaseDefinition } from "./use-case-schema.js";

/** Everything in a benchmarks folder, validated and with defaults filled in. */
export interface Definitions {
	/** The benchmarks folder as given to the loader. Case globs and task folders are relative to it. */
	readonly dir: string;
	/** The model registry, in file order. */
	readonly models: readonly ModelEntry[];
	/** The judge panels, in file order (the built-in panel when judge_panels.yaml is absent). */
	readonly panels: readonly JudgePanel[];
	/** Id of the panel used by use cases that name none. */
	readonly defaultPanel: string;
	/** The use-case roster, in file order. */
	readonly useCases: readonly UseCaseDefinition[];
	/**
	 * The sprints of `sprints/<id>/sprint.yaml`, by folder name; [] without a sprints folder. Each is
	 * also the use case `sprint-<id>` (see sprintUseCaseId), which no entry of use_cases.yaml may take.
	 */
	readonly sprints: readonly SprintDefinition[];
	/** Things that load but deserve a look, e.g. a retired model in a fleet. */
	readonly warnings: readonly InputIssue[];
	/** Folders outside `dir` that case globs may reach, as the user named them (`--allow-path`); usually none. */
	readonly allowedPaths: readonly string[];
}

/** The registry entry with this id, or undefined. */
export function findModel(definitions: Definitions, id: string): ModelEntry | undefined {
	return definitions.models.find((model) => model.id === id);
}

/** The use case with this id, or undefined. */
export function findUseCase(definitions: Definitions, id: string): UseCaseDefinition | undefined {
	return definitions.useCases.find((useCase) => useCase.id === id);
}

/** The sprint with this id (its folder name), or undefined. */
export function findSprint(definitions: Definitions, id: string): SprintDefinition | undefined {
	return definitions.sprints.find((sprint) => sprint.id === id);
}

/** The judge panel a use case is graded by: the one it names, else the default panel. */
export function panelFor(definitions: Definitions, useCase: UseCaseDefinition): JudgePanel {
	const id = useCase.judge_panel ?? definitions.defaultPanel;
	const panel = definitions.panels.find((candidate) => candidate.id === id);
	if (panel === undefined)
		throw new NotFoundError(`use case \`${useCase.id}\` names judge panel \`${id}\`, which is not defined`);
	return panel;
}

/**
 * The models a new run of a use case drives: the fleet as written (else every model, in registry
 * order), keeping only active ones, since retired models join no new run. Built-in reference
 * policies join the default fleet of task use cases only: they have no answer to anything else.
 */
export function fleetFor(definitions: Definitions, useCase: UseCaseDefinition): ModelEntry[] {
	return fleetCandidates(definitions, useCase).filter((model) => model.status === "active");
}

/** The retired models the fleet of a use case would drive if they were active: skipped, and named as such. */
export function retiredFor(definitions: Definitions, useCase: UseCaseDefinition): ModelEntry[] {
	return fleetCandidates(definitions, useCase).filter((model) => model.status === "retired");
}

function fleetCandidates(definitions: Definitions, useCase: UseCaseDefinition): ModelEntry[] {
	return useCase.fleet === null
		? definitions.models.filter((model) => model.provider !== "builtin" || useCase.tasks !== null)
		: useCase.fleet.flatMap((id) => definitions.models.filter((model) => model.id === id));
}
