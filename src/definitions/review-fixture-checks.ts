import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { InputIssue, TaskEntry } from "../contract/index.js";
import { taskIssueAt } from "./task-file-checks.js";

/**
 * Problems between a `review` task's bugs and decoys and its materialized fixture: each names a
 * file of the fixture, and each of its ranges lies within that file's lines, so a fixture bumped
 * under the task (a shorter module, a moved file) fails loudly instead of leaving a bug no finding
 * can reach. Located in task.yaml. Empty for other kinds; call it only on a current fixture.
 */
export function reviewFixtureIssues(entry: TaskEntry, fixtureDir: string): InputIssue[] {
	const { verifier } = entry.task;
	if (verifier.kind !== "review") return [];
	const issues: InputIssue[] = [];
	const issue = (path: (string | number)[], message: string, fix: string) =>
		issues.push(taskIssueAt(entry.source, { path: ["verifier", "args", ...path], message, fix }));
	for (const list of ["bugs", "decoys"] as const)
		verifier.args[list].forEach((target, index) => {
			const path = join(fixtureDir, target.file);
			if (statSync(path, { throwIfNoEntry: false })?.isFile() !== true) {
				issue(
					[list, index, "file"],
					`${target.file} is not a file of the fixture`,
					"name a file the snapshot writes (check `snapshot:`), or run `touchstone snapshot` again",
				);
				return;
			}
			const lines = lineCount(readFileSync(path, "utf8"));
			target.lines.forEach(([first, last], range) => {
				if (last > lines)
					issue(
						[list, index, "lines", range],
						`the range [${first}, ${last}] goes past the end of ${target.file}, which has ${lines} line${lines === 1 ? "" : "s"}`,
						`use the line numbers of ${target.file} as the fixture has it (patches applied)`,
					);
			});
		});
	return issues;
}

/** Lines of a text as an editor numbers them: a final newline ends the last line, it does not start one. */
function lineCount(text: string): number {
	if (text === "") return 0;
	return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}
