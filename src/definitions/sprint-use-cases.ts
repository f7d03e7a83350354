import { BadInputError, type InputIssue, type SprintDefinition, sprintUseCaseId } from "../contract/index.js";
import { loadSprints } from "./load-sprints.js";
import { rawEntries } from "./raw-entries.js";
import type { YamlFile } from "./yaml-file.js";

/**
 * The sprints of a benchmarks folder, for loadDefinitions: their problems join `issues` (so the
 * folder's every problem is listed at once) and the sprints that loaded are returned; [] when any
 * sprint has a problem, as loadSprints refuses them all. Reviewer panels are checked against
 * `panels` when given.
 */
export function collectSprints(
	benchmarksDir: string,
	panels: readonly string[] | null,
	issues: InputIssue[],
): SprintDefinition[] {
	try {
		return loadSprints(benchmarksDir, panels === null ? {} : { panels });
	} catch (error) {
		if (!(error instanceof BadInputError)) throw error;
		issues.push(...error.issues);
		return [];
	}
}

/**
 * One issue per use case of use_cases.yaml whose id is a sprint's use case (`sprint-<id>`): the
 * sprint's rows are stored under that id, so the two would mix on one leaderboard.
 */
export function sprintIdCollisions(useCasesFile: YamlFile, sprints: readonly SprintDefinition[]): InputIssue[] {
	const taken = new Map(sprints.map((sprint) => [sprintUseCaseId(sprint.id), sprint.id]));
	return rawEntries(useCasesFile, "use_cases").flatMap(({ index, fields }) => {
		const sprint = typeof fields.id === "string" ? taken.get(fields.id) : undefined;
		if (sprint === undefined) return [];
		return [
			useCasesFile.issueAt(["use_cases", index, "id"], {
				message: `use case id \`${fields.id}\` is taken by the sprint in sprints/${sprint}/ (a sprint <id> is the use case sprint-<id>)`,
				fix: `rename the use case, or the sprint's folder`,
			}),
		];
	});
}
