import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { type Definitions, loadTaskPack } from "../definitions/index.js";
import { verifierProgram } from "../graders/index.js";

/** A program some of the demo's task verifiers start, which is not where the sandbox looks. */
export interface MissingProgram {
	/** The program, e.g. `python3`. */
	readonly program: string;
	/** Who needs it, as `use-case/task`. */
	readonly tasks: readonly string[];
}

/** Debian packages of the programs the bundled tasks start, where the name differs. */
const PACKAGES: Readonly<Record<string, string>> = { node: "nodejs", python: "python3-is-python" };

/**
 * The programs the verifiers of the runnable task use cases start (a test command, a checks
 * interpreter, a speedup language's interpreter) that no folder of `searchPath` holds as an
 * executable: without them those cells end as grader errors, so the demo says which, and how to
 * get them, before anything runs rather than after.
 */
export function missingPrograms(definitions: Definitions, searchPath: string): MissingProgram[] {
	const folders = searchPath.split(delimiter).filter((folder) => folder !== "");
	const needed = new Map<string, string[]>();
	for (const useCase of definitions.useCases) {
		if (useCase.status !== "runnable" || useCase.tasks === null) continue;
		for (const { task } of loadTaskPack(join(definitions.dir, useCase.tasks)).tasks) {
			const program = verifierProgram(task.verifier);
			if (program === null) continue;
			needed.set(program, [...(needed.get(program) ?? []), `${useCase.id}/${task.id}`]);
		}
	}
	return [...needed]
		.filter(([program]) => !folders.some((folder) => isExecutable(join(folder, program))))
		.map(([program, tasks]) => ({ program, tasks }));
}

/** What the demo prints for each missing program: who it leaves ungraded, and how to install it. */
export function missingProgramLines(missing: readonly MissingProgram[]): string[] {
	return missing.flatMap(({ program, tasks }) => [
		`tools: \`${program}\` is not installed where the sandbox looks for programs, so ${tasks.join(", ")} will end as grader errors (no credit, left out of the leaderboard, counted).`,
		`  fix: install it, e.g. \`sudo apt-get install ${PACKAGES[program] ?? program}\` on Debian or Ubuntu, then run the demo again (it re-runs only those cells).`,
	]);
}

/**
 * The line the demo prints when no `redis-server` is on `searchPath`: the demo runs in one
 * process and needs none, but running on several machines (`run --queue`) needs a Redis, and a
 * newcomer should learn that here rather than from a failed run.
 */
export function queueHintLines(searchPath: string): string[] {
	const folders = searchPath.split(delimiter).filter((folder) => folder !== "");
	if (folders.some((folder) => isExecutable(join(folder, "redis-server")))) return [];
	return [
		"queue: no `redis-server` here; the demo needs none, but `touchstone run --queue` and `touchstone worker` (running on several machines) need a Redis.",
		"  fix: `sudo apt-get install redis-server` on Debian or Ubuntu, or point --queue at a hosted one (README: Running on several machines).",
	];
}

function isExecutable(path: string): boolean {
	try {
		accessSync(path, constants.X_OK);
		return true;
	} catch {
		return false;
	}
}
