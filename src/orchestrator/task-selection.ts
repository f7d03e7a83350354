import { BadInputError, type Case, type InputIssue } from "../contract/index.js";
import type { UseCaseDefinition } from "../definitions/index.js";
import { closestMatch } from "../input/index.js";

/**
 * Refuses `--task` on a use case that is not a task use case (it has no tasks to name). Checked
 * before the use case is prepared, so this is the error a user sees, not one of loading its cases.
 */
export function refuseTasksOutsidePack(useCase: UseCaseDefinition | undefined, ids: readonly string[]): void {
	if (ids.length === 0 || useCase === undefined || useCase.tasks !== null) return;
	const message = `use case \`${useCase.id}\` is not a task use case, so it has no tasks to pick`;
	throw new BadInputError(message, [
		issue("", message, "drop --task, or name a use case with a `tasks:` pack in use_cases.yaml"),
	]);
}

/**
 * The cases of the tasks `--task` names, in plan order; every case when it names none. Every id
 * must be a task of the use case's pack: a BadInputError otherwise, raised before anything is
 * written. It selects from cases already in the spec, so the spec (and every cell key) is that
 * of a plain run: the cells of the tasks left out stay as they are.
 */
export function selectTasks(
	useCase: UseCaseDefinition,
	cases: readonly Case[],
	ids: readonly string[],
): readonly Case[] {
	refuseTasksOutsidePack(useCase, ids);
	if (ids.length === 0) return cases;
	const known = cases.map((item) => item.id);
	const unknown = [...new Set(ids)].filter((id) => !known.includes(id));
	if (unknown.length > 0)
		throw new BadInputError(
			`--task names tasks that use case \`${useCase.id}\` does not have`,
			unknown.map((id) => {
				const suggestion = closestMatch(id, known);
				return issue(
					id,
					`no task \`${id}\` in use case \`${useCase.id}\` (its pack ${useCase.tasks})`,
					suggestion === null ? `use one of: ${known.join(", ")}` : `did you mean \`${suggestion}\`?`,
				);
			}),
		);
	const wanted = new Set(ids);
	return cases.filter((item) => wanted.has(item.id));
}

function issue(path: string, message: string, fix: string): InputIssue {
	return { source: "--task", line: null, column: null, path, message, fix };
}
