import { readFile } from "node:fs/promises";
import { mutationEditProblems, type Task } from "../../contract/index.js";
import type { Problem } from "../../input/index.js";
import { pathInside } from "./fixture-paths.js";

/**
 * The problems of a mutation task against the fixture tree just built at `root`: its module must
 * be a file there with the pinned sha256, and every mutant's and equivalent's find text must occur
 * in it exactly once, so bumping the fixture fails loudly, naming the mutant, instead of grading
 * a no-op. None for other kinds.
 */
export async function mutationModuleProblems(root: string, task: Task): Promise<Problem[]> {
	if (task.verifier.kind !== "mutation") return [];
	const args = task.verifier.args;
	const inside = await pathInside(root, args.module);
	const text = inside.path === null ? null : await readFile(inside.path, "utf8").catch(() => null);
	if (text === null)
		return [
			{
				path: ["verifier", "args", "module"],
				message: `the fixture has no file ${args.module}, the module the mutants edit`,
				fix: "name a file of the fixture, or add it to the snapshot's paths or seeded files",
			},
		];
	return mutationEditProblems(text, args, `fixture/${args.module}`);
}
