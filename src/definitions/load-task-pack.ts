import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { BadInputError, type InputIssue, TASK_FILE, type TaskEntry } from "../contract/index.js";
import { closestMatch, parseYamlDocument, readInputFile } from "../input/index.js";
import { mutationTaskIssues } from "./mutation-task-checks.js";
import { taskFileIssues } from "./task-file-checks.js";
import { TASK_YAML, taskProblems } from "./task-problems.js";
import { taskSchema } from "./task-schema.js";

/** The tasks of one task pack, in folder-name order. */
export interface TaskPack {
	/** The pack folder, as given. */
	readonly dir: string;
	/** Every task loaded (or the ones asked for), sorted by id. */
	readonly tasks: readonly TaskEntry[];
}

/** What {@link loadTaskPack} loads. */
export interface LoadTaskPackOptions {
	/** Load only these task ids (each must exist); default every task of the pack. */
	readonly ids?: readonly string[];
	/**
	 * Whether to check a mutation task's edits against its module's text (see mutationTaskIssues);
	 * default true. `touchstone snapshot` turns it off, as it checks them on the fixture it builds.
	 */
	readonly moduleChecks?: boolean;
}

/**
 * Loads `DIR/<task-id>/task.yaml` for every folder of a task pack (folders starting with `.` or
 * `_` are skipped, for shared helpers). Throws one BadInputError listing every problem of every
 * task at once, each with its file, line, column, path and fix: YAML syntax, schema, an id that
 * differs from its folder, hidden files that are missing or outside the task folder. Never writes.
 */
export function loadTaskPack(dir: string, options: LoadTaskPackOptions = {}): TaskPack {
	const folders = taskFolders(dir);
	const issues: InputIssue[] = [];
	let selected = folders;
	if (options.ids !== undefined && options.ids.length > 0) {
		const wanted = new Set(options.ids);
		selected = folders.filter((folder) => wanted.has(folder));
		for (const id of wanted) if (!folders.includes(id)) issues.push(unknownTask(dir, id, folders));
	} else if (folders.length === 0) {
		issues.push(packIssue(dir, "the task pack holds no tasks", `add a folder per task, each with a ${TASK_FILE}`));
	}
	const tasks: TaskEntry[] = [];
	for (const folder of selected) {
		const loaded = loadTask(join(dir, folder), issues, options.moduleChecks !== false);
		if (loaded !== null) tasks.push(loaded);
	}
	if (issues.length > 0)
		throw new BadInputError(
			`Cannot load the task pack ${dir}: ${issues.length} problem${issues.length === 1 ? "" : "s"}`,
			issues,
		);
	return { dir, tasks };
}

/** Reads, parses and checks one task folder; null when it has problems (added to `issues`). */
function loadTask(dir: string, issues: InputIssue[], moduleChecks: boolean): TaskEntry | null {
	const source = join(dir, TASK_FILE);
	const read = readInputFile(source, TASK_FILE);
	if (read.issue !== null) {
		issues.push(
			read.missing
				? {
						...read.issue,
						message: `the task folder has no ${TASK_FILE}`,
						fix: `write ${TASK_FILE}, or start the folder's name with \`_\` to keep shared files that are not a task`,
					}
				: read.issue,
		);
		return null;
	}
	const document = parseYamlDocument(source, read.text, TASK_YAML);
	if (document.syntaxIssues.length > 0) {
		issues.push(...document.syntaxIssues);
		return null;
	}
	const parsed = taskSchema.safeParse(document.data);
	const found = taskFileIssues(dir, document);
	if (!parsed.success)
		found.push(...taskProblems(document.data, parsed.error.issues).map((problem) => document.issue(problem)));
	if (parsed.success && found.length === 0 && moduleChecks)
		found.push(...mutationTaskIssues(dir, parsed.data, document));
	issues.push(...found);
	return parsed.success && found.length === 0 ? { task: parsed.data, dir, source } : null;
}

/** The pack's task folders, sorted; throws when the pack folder itself is missing. */
function taskFolders(dir: string): string[] {
	const stats = statSync(dir, { throwIfNoEntry: false });
	if (stats === undefined || !stats.isDirectory())
		throw new BadInputError(`Cannot load the task pack ${dir}: 1 problem`, [
			packIssue(
				dir,
				stats === undefined ? "the task pack folder does not exist" : "expected a folder, found a file",
				"pass the folder that holds one folder per task (each with task.yaml)",
			),
		]);
	return readdirSync(dir)
		.filter((name) => !name.startsWith(".") && !name.startsWith("_"))
		.filter((name) => statSync(join(dir, name), { throwIfNoEntry: false })?.isDirectory() === true)
		.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function unknownTask(dir: string, id: string, folders: readonly string[]): InputIssue {
	const suggestion = closestMatch(id, folders);
	return packIssue(
		dir,
		`no task \`${id}\` in the pack`,
		suggestion !== null
			? `did you mean \`${suggestion}\`?`
			: folders.length > 0
				? `use one of: ${folders.join(", ")}`
				: `add a folder ${id}/ with a ${TASK_FILE}`,
	);
}

function packIssue(source: string, message: string, fix: string): InputIssue {
	return { source, line: null, column: null, path: "", message, fix };
}
