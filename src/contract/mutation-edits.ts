import { sha256 } from "./json.js";
import type { MutationEdit, MutationVerifierArgs } from "./mutation-verifier.js";

/** A problem of a mutation task's edits against its module, at a path of its task.yaml. */
export interface EditProblem {
	/** Path inside task.yaml, e.g. `verifier.args.mutants[2].find`. */
	readonly path: readonly (string | number)[];
	readonly message: string;
	readonly fix: string;
}

/** How many times `find` occurs in `text`, overlapping occurrences included. */
export function countOccurrences(text: string, find: string): number {
	let count = 0;
	for (let from = text.indexOf(find); from !== -1; from = text.indexOf(find, from + 1)) count++;
	return count;
}

/** The module with one edit applied at its (single) occurrence; null when `find` does not occur exactly once. */
export function applyMutationEdit(text: string, edit: MutationEdit): string | null {
	if (countOccurrences(text, edit.find) !== 1) return null;
	const start = text.indexOf(edit.find);
	return text.slice(0, start) + edit.replace + text.slice(start + edit.find.length);
}

/**
 * What is wrong between a mutation task's edits and the text of its module: the module's sha256
 * differs from the pin, or a mutant's or an equivalent's `find` does not occur exactly once (so
 * a bumped fixture fails loudly instead of grading a no-op). Checked when a task loads and when
 * `touchstone snapshot` builds its fixture; `where` names the module's text (e.g. `fixture/src/x.mjs`).
 */
export function mutationEditProblems(text: string, args: MutationVerifierArgs, where: string): EditProblem[] {
	const problems: EditProblem[] = [];
	const actual = sha256(text);
	if (actual !== args.module_sha256)
		problems.push({
			path: ["verifier", "args", "module_sha256"],
			message: `${where} has sha256 ${actual}, not the pinned ${args.module_sha256}`,
			fix: `set \`module_sha256: ${actual}\` if the module changed on purpose (and check every mutant still makes sense)`,
		});
	for (const list of ["mutants", "equivalent"] as const)
		args[list].forEach((edit, index) => {
			const count = countOccurrences(text, edit.find);
			if (count === 1) return;
			const what = list === "mutants" ? "mutant" : "equivalent";
			problems.push({
				path: ["verifier", "args", list, index, "find"],
				message: `the find text of ${what} \`${edit.id}\` occurs ${count} times in ${where}; it must occur exactly once`,
				fix:
					count === 0
						? `update \`find\` to text that is in ${args.module}`
						: "add surrounding text to `find` until it occurs only once",
			});
		});
	return problems;
}
