import { resolve } from "node:path";
import type { Command } from "commander";
import { BadInputError, type InputIssue } from "../../contract/index.js";
import { loadTaskPack, reviewFixtureIssues } from "../../definitions/index.js";
import { type MaterializedFixture, materializeFixture } from "../../sandbox/index.js";
import { displayPath } from "../definitions-option.js";
import { type CliIo, printJson, printLine } from "../io.js";
import { renderTable } from "../table.js";

interface SnapshotOptions {
	tasks: string;
	repo?: string;
	json?: boolean;
}

/**
 * `touchstone snapshot [TASK...] --tasks DIR [--repo PATH]`: materializes each task's fixture/
 * and prints its hash and file count. Every task is attempted; the problems of all of them are
 * reported together at the end (exit 2), after the fixtures that did materialize.
 */
export function registerSnapshotCommand(program: Command, io: CliIo): void {
	program
		.command("snapshot")
		.description("materialize each task's fixture/ from its repository snapshot, seeded files and patches")
		.argument("[task...]", "ids of the tasks to materialize (default: every task of the pack)")
		.requiredOption("--tasks <dir>", "the task pack: one folder per task, each holding task.yaml")
		.option("--repo <path>", "the git repository the tasks' commits belong to (not needed for seeded-only tasks)")
		.option("--json", "print the result as JSON")
		.action(async (ids: string[], options: SnapshotOptions) => {
			let pack: ReturnType<typeof loadTaskPack>;
			try {
				// A mutation task's edits are checked on the fixture built below, not on the one it replaces.
				pack = loadTaskPack(displayPath(options.tasks), { ids, moduleChecks: false });
			} catch (error) {
				if (options.json && error instanceof BadInputError) printJson(io, { fixtures: [], issues: error.issues });
				throw error;
			}
			const repo = options.repo === undefined ? null : resolve(options.repo);
			const fixtures: MaterializedFixture[] = [];
			const issues: InputIssue[] = [];
			const failed: string[] = [];
			for (const { task, dir, source } of pack.tasks) {
				try {
					const fixture = await materializeFixture(dir, task, { repo });
					fixtures.push(fixture);
					const review = reviewFixtureIssues({ task, dir, source }, fixture.dir);
					if (review.length > 0) {
						issues.push(...review);
						failed.push(task.id);
					}
				} catch (error) {
					if (!(error instanceof BadInputError)) throw error;
					issues.push(...error.issues);
					failed.push(task.id);
				}
			}
			if (options.json)
				printJson(io, {
					fixtures: fixtures.map((fixture) => ({ ...fixture, dir: displayPath(fixture.dir) })),
					issues,
				});
			else if (fixtures.length > 0)
				printLine(
					io,
					renderTable(
						["task", "fixture hash", "files", "fixture"],
						fixtures.map((fixture) => [
							fixture.task_id,
							fixture.hash.slice(0, 16),
							String(fixture.files),
							displayPath(fixture.dir),
						]),
					),
				);
			if (issues.length > 0)
				throw new BadInputError(
					`Cannot materialize ${failed.length} of ${pack.tasks.length} fixture${pack.tasks.length === 1 ? "" : "s"} (${failed.join(", ")}): ${issues.length} problem${issues.length === 1 ? "" : "s"}`,
					issues,
				);
		});
}
