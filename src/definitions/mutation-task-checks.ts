import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { applyMutationEdit, FIXTURE_DIR, type InputIssue, mutationEditProblems, type Task } from "../contract/index.js";
import type { YamlDocument } from "../input/index.js";

/**
 * Problems of a mutation task's edits against its module, located in its task.yaml: the module's
 * sha256 must be the pinned one and every mutant's and equivalent's find text must occur in it
 * exactly once. The module is read from the materialized fixture when there is one, else from the
 * snapshot's seeded files (with its patches applied); a module known from neither (a commit not
 * yet extracted) is checked by `touchstone snapshot` instead. None for other kinds.
 */
export function mutationTaskIssues(dir: string, task: Task, document: YamlDocument): InputIssue[] {
	if (task.verifier.kind !== "mutation") return [];
	const args = task.verifier.args;
	const module = moduleText(dir, task, args.module);
	if (module === null) return [];
	return mutationEditProblems(module.text, args, module.where).map((problem) => document.issue(problem));
}

function moduleText(dir: string, task: Task, module: string): { text: string; where: string } | null {
	const inFixture = join(dir, FIXTURE_DIR, module);
	if (statSync(inFixture, { throwIfNoEntry: false })?.isFile() === true)
		return { text: readFileSync(inFixture, "utf8"), where: `${FIXTURE_DIR}/${module}` };
	const seeded = task.snapshot.files[module];
	if (seeded === undefined) return null;
	let text: string | null = seeded;
	for (const patch of task.snapshot.patches) {
		if (patch.path !== module || text === null) continue;
		text = patch.kind === "write" ? patch.content : applyMutationEdit(text, { id: "patch", ...patch });
	}
	// A patch that does not apply is the snapshot's problem, reported when it is built.
	return text === null ? null : { text, where: `${module} as seeded in snapshot.files` };
}
