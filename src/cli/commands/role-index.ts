import { resolve } from "node:path";
import type { Command } from "commander";
import { BadInputError, type IndexSettings, type InputIssue } from "../../contract/index.js";
import {
	type Definitions,
	INDEX_FILE,
	loadIndexSettings,
	loadTaskPack,
	type UseCaseDefinition,
} from "../../definitions/index.js";
import type { Store } from "../../store/index.js";
import { type IndexUseCase, judgeRatings, roleIndex } from "../../views/index.js";
import { type DirOptions, displayPath, loadFromDirOption, withDirOption } from "../definitions-option.js";
import type { CliIo } from "../io.js";
import { printJson } from "../io.js";
import { printRoleIndex } from "../print-role-index.js";
import { withReadStore } from "../read-store.js";
import { type StoreFlags, withStoreOptions } from "../store-options.js";

interface IndexOptions extends StoreFlags, DirOptions {
	readonly role?: string;
	readonly useCase: readonly string[];
	readonly json?: boolean;
}

/**
 * `touchstone index`: the per-role index over the task use cases, weighted as index.yaml says (or
 * by the documented defaults), from the store alone: re-weighting is a file edit, never a run.
 */
export function registerIndexCommand(program: Command, io: CliIo): void {
	withStoreOptions(withDirOption(program.command("index")), "reads")
		.description(
			"rank models per role (planner, implementer, reviewer, or index.yaml's roles) on weighted axes, with the best, cheapest and fastest",
		)
		.option("--role <role>", "only this role of index.yaml")
		.option(
			"--use-case <id...>",
			"only these task use cases (repeatable; default every task use case)",
			(value: string, previous: string[]) => [...previous, value],
			[] as string[],
		)
		.option("--json", "print everything as JSON: settings, every model's axes, each role's rows and picks")
		.action((options: IndexOptions) => {
			const definitions = loadFromDirOption(options.dir, options.allowPath);
			const loaded = loadIndexSettings(definitions.dir);
			const roles = options.role === undefined ? undefined : [checkRole(options.role, loaded.settings, loaded.source)];
			const chosen = selectUseCases(definitions, options.useCase);
			const index = withReadStore(io, options, { useCase: null }, (store) =>
				roleIndex(store, {
					settings: loaded.settings,
					useCases: chosen.map((useCase) => indexUseCase(store, definitions, useCase)),
					roles,
				}),
			);
			const source = loaded.source === null ? null : displayPath(loaded.source);
			if (options.json) printJson(io, { settings_source: source, ...index });
			else printRoleIndex(io, index, source);
		});
}

/** A use case as the index reads it: its tasks' axes from the task pack, and its judge ratings (also for `touchstone report`). */
export function indexUseCase(store: Store, definitions: Definitions, useCase: UseCaseDefinition): IndexUseCase {
	const pack = loadTaskPack(resolve(definitions.dir, useCase.tasks as string), { moduleChecks: false });
	return {
		use_case_id: useCase.id,
		task_axes: new Map(pack.tasks.map(({ task }) => [task.id, task.axes])),
		// A use case that never ran has no spec, so no ratings; one never judged has an empty list.
		judge: store.currentSpec(useCase.id) === null ? null : judgeRatings(store, useCase.id),
	};
}

/** The use cases the index ranks: the runnable ones with a task pack (also for `touchstone report`). */
export function indexedUseCases(definitions: Definitions): UseCaseDefinition[] {
	return definitions.useCases.filter((useCase) => useCase.tasks !== null && useCase.status === "runnable");
}

/** The task use cases named by --use-case (each must be one), else every runnable task use case. */
function selectUseCases(definitions: Definitions, named: readonly string[]): UseCaseDefinition[] {
	const tasks = indexedUseCases(definitions);
	if (named.length === 0) return tasks;
	const issues: InputIssue[] = [];
	const chosen: UseCaseDefinition[] = [];
	for (const id of new Set(named)) {
		const found = tasks.find((useCase) => useCase.id === id);
		if (found !== undefined) chosen.push(found);
		else
			issues.push({
				source: "--use-case",
				line: null,
				column: null,
				path: id,
				message: definitions.useCases.some((useCase) => useCase.id === id)
					? `use case \`${id}\` is not a runnable task use case (the index ranks task packs only)`
					: `no use case \`${id}\` in use_cases.yaml`,
				fix: `name a task use case: ${tasks.map((useCase) => useCase.id).join(", ") || "(none defined)"}`,
			});
	}
	if (issues.length > 0) throw new BadInputError("Cannot build the index.", issues);
	return chosen;
}

function checkRole(role: string, settings: IndexSettings, source: string | null): string {
	if (settings.roles[role] !== undefined) return role;
	throw new BadInputError("Cannot build the index.", [
		{
			source: "--role",
			line: null,
			column: null,
			path: role,
			message: `no role \`${role}\` in ${source === null ? `the default index (there is no ${INDEX_FILE})` : displayPath(source)}`,
			fix: `name one of ${Object.keys(settings.roles).join(", ")}, or add the role under \`roles:\` in ${INDEX_FILE}`,
		},
	]);
}
