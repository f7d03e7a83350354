import { join, resolve } from "node:path";
import type { Command } from "commander";
import { TASK_FILE } from "../../contract/index.js";
import { loadTaskPack, writeGoldDiffLines } from "../../definitions/index.js";
import { goldSize, repositoryRoot } from "../../sandbox/index.js";
import { displayPath } from "../definitions-option.js";
import { type CliIo, printJson, printLine } from "../io.js";
import { renderTable } from "../table.js";

interface GoldSizeOptions {
	tasks: string;
	repo?: string;
	write?: boolean;
	json?: boolean;
}

/** One task's line of `gold-size`: the size, or why it is left unset, and whether task.yaml was written. */
interface GoldSizeLine {
	readonly task_id: string;
	readonly gold_diff_lines: number | null;
	readonly unset: string | null;
	readonly written: boolean;
}

/**
 * `touchstone gold-size [TASK...] --tasks DIR --repo PATH [--write]`: derives each task's
 * `gold_diff_lines` (the norms record's diff-size yardstick) from its real `source_commit`,
 * projected through the snapshot's paths, strip and excludes, and prints it per task, or why it
 * is left unset. `--write` writes only that integer into task.yaml (comments and layout kept).
 */
export function registerGoldSizeCommand(program: Command, io: CliIo): void {
	program
		.command("gold-size")
		.description("derive each task's gold_diff_lines from its source_commit (the size of the real fix, for norms)")
		.argument("[task...]", "ids of the tasks to size (default: every task of the pack)")
		.requiredOption("--tasks <dir>", "the task pack: one folder per task, each holding task.yaml")
		.requiredOption("--repo <path>", "the git repository the tasks' commits belong to")
		.option("--write", "write gold_diff_lines into each sized task's task.yaml (nothing else changes)")
		.option("--json", "print the result as JSON")
		.action(async (ids: string[], options: GoldSizeOptions) => {
			const pack = loadTaskPack(displayPath(options.tasks), { ids });
			const repo = await repositoryRoot(resolve(options.repo ?? "."));
			const lines: GoldSizeLine[] = [];
			for (const { task, dir } of pack.tasks) {
				const size = await goldSize(repo, task);
				const value = "lines" in size ? size.lines : null;
				const written =
					value !== null && options.write === true ? await writeGoldDiffLines(join(dir, TASK_FILE), value) : false;
				lines.push({ task_id: task.id, gold_diff_lines: value, unset: "unset" in size ? size.unset : null, written });
			}
			if (options.json) return printJson(io, { tasks: lines });
			printLine(
				io,
				renderTable(
					["task", "gold_diff_lines", "note"],
					lines.map((line) => [
						line.task_id,
						line.gold_diff_lines === null ? "unset" : String(line.gold_diff_lines),
						line.unset ?? (line.written ? "written to task.yaml" : options.write ? "task.yaml already says so" : ""),
					]),
				),
			);
		});
}
