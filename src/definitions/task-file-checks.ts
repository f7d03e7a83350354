import { realpathSync, statSync } from "node:fs";
import { basename, join, relative, sep } from "node:path";
import { FIXTURE_DIR, type InputIssue } from "../contract/index.js";
import { type DocumentPath, parseYamlDocument, readInputFile, valueAt, type YamlDocument } from "../input/index.js";
import { isInside, normalizeRelativePath, pathProblem } from "./task-paths.js";
import { TASK_YAML } from "./task-problems.js";

/**
 * A problem found after a task.yaml loaded (in its fixture, say), located at `path` of the file
 * as it is now: its line and column when the file still reads and holds the path, else the file.
 */
export function taskIssueAt(
	source: string,
	problem: { readonly path: DocumentPath; readonly message: string; readonly fix: string },
): InputIssue {
	const read = readInputFile(source, "task.yaml");
	if (read.issue !== null)
		return {
			source,
			line: null,
			column: null,
			path: problem.path.join("."),
			message: problem.message,
			fix: problem.fix,
		};
	return parseYamlDocument(source, read.text, TASK_YAML).issue(problem);
}

/**
 * Problems between a task.yaml and its folder: the id must equal the folder's name, and every
 * hidden file it names (gold tests, checks script, reference solution, validation variants) must be a file inside the
 * task folder, outside fixture/ (which is model-visible and regenerated). Reads the document as
 * written, so these problems are listed alongside its schema problems; paths the schema refuses
 * are left to it.
 */
export function taskFileIssues(dir: string, document: YamlDocument): InputIssue[] {
	const issues: InputIssue[] = [];
	const folder = basename(dir);
	const id = valueAt(document.data, ["id"]);
	if (typeof id === "string" && id !== folder)
		issues.push(
			document.issue({
				path: ["id"],
				message: `the id \`${id}\` differs from the task's folder name \`${folder}\``,
				fix: `set \`id: ${folder}\`, or rename the folder to ${id}`,
			}),
		);
	for (const path of hiddenFilePaths(document.data)) {
		const source = valueAt(document.data, path);
		if (typeof source !== "string" || pathProblem(source, true) !== null) continue;
		const problem = hiddenFileProblem(dir, normalizeRelativePath(source));
		if (problem !== null) issues.push(document.issue({ path, ...problem }));
	}
	return issues;
}

/** Where a task.yaml names hidden files, for the verifier kind it has. */
function hiddenFilePaths(data: unknown): DocumentPath[] {
	const listed = (path: DocumentPath): DocumentPath[] => {
		const list = valueAt(data, path);
		return Array.isArray(list) ? list.map((_, index) => [...path, index, "source"]) : [];
	};
	const kind = valueAt(data, ["verifier", "kind"]);
	return [
		...(kind === "tests" ? listed(["verifier", "args", "gold_files"]) : []),
		...(kind === "checks" ? [["verifier", "args", "script"]] : []),
		["reference", "patch"],
		...listed(["reference", "files"]),
		...validationFilePaths(data),
	];
}

/** The patches and files of `validation:` (every variant and the control): hidden files like the reference's. */
function validationFilePaths(data: unknown): DocumentPath[] {
	const variants = valueAt(data, ["validation", "variants"]);
	const solutions: DocumentPath[] = [
		...(Array.isArray(variants) ? variants.map((_, index): DocumentPath => ["validation", "variants", index]) : []),
		["validation", "control"],
	];
	return solutions.flatMap((at) => {
		const files = valueAt(data, [...at, "files"]);
		return [
			[...at, "patch"],
			...(Array.isArray(files) ? files.map((_, index): DocumentPath => [...at, "files", index, "source"]) : []),
		];
	});
}

function hiddenFileProblem(dir: string, source: string): { message: string; fix: string } | null {
	if (isInside(source, FIXTURE_DIR))
		return {
			message: `${source} is inside ${FIXTURE_DIR}/, which the model sees and \`touchstone snapshot\` regenerates`,
			fix: "keep hidden files elsewhere in the task folder, e.g. under `hidden/`",
		};
	const path = join(dir, source);
	const stats = statSync(path, { throwIfNoEntry: false });
	if (stats === undefined)
		return { message: `${source} does not exist in the task folder`, fix: `add the file at ${path}, or fix the path` };
	if (!stats.isFile()) return { message: `${source} is not a file`, fix: "name a file, not a folder" };
	// A symbolic link could point anywhere; the file itself must live in the task folder.
	const real = relative(realpathSync(dir), realpathSync(path));
	if (real === ".." || real.startsWith(`..${sep}`))
		return {
			message: `${source} links to a file outside the task folder`,
			fix: "copy the file into the task folder instead of linking to it",
		};
	return null;
}
