import { join, resolve } from "node:path";
import {
	contentHash,
	type EffectiveTaskRuntime,
	type InputIssue,
	mergeTaskRuntimes,
	type SandboxMount,
	type TaskRuntime,
} from "../contract/index.js";
import { type DocumentPath, type Problem, parseYamlDocument, readInputFile, unplacedDocument } from "../input/index.js";
import type { Definitions } from "./definitions.js";
import { DEFINITION_FILES } from "./load-definitions.js";
import { mountSource } from "./mount-schema.js";
import type { UseCaseDefinition } from "./use-case-schema.js";

/** Where a `runtime:` block was written: its file, its path there, and the folder relative paths start from. */
export interface RuntimeDeclaration {
	/** The block; null when the file has none. */
	readonly runtime: TaskRuntime | null;
	/** The file, as issues name it (task.yaml, or use_cases.yaml). */
	readonly source: string;
	/** Path of the block inside the file, e.g. `["runtime"]` or `["use_cases", 3, "runtime"]`. */
	readonly at: DocumentPath;
	/** Folder a relative mount source is resolved against: the file's own. */
	readonly dir: string;
}

/** Where a use case's `runtime:` block was written: its entry in use_cases.yaml, relative paths from the benchmarks folder. */
export function useCaseRuntimeDeclaration(definitions: Definitions, useCase: UseCaseDefinition): RuntimeDeclaration {
	return {
		runtime: useCase.runtime,
		source: join(definitions.dir, DEFINITION_FILES.useCases),
		at: ["use_cases", definitions.useCases.indexOf(useCase), "runtime"],
		dir: resolve(definitions.dir),
	};
}

/** A task's runtime ready to run: as written (for the cell key) and with its mounts resolved on this host. */
export interface ResolvedTaskRuntime {
	/** The task's runtime over its use case's, as written: `${VAR}` unexpanded. */
	readonly declared: EffectiveTaskRuntime;
	/** Content hash of `declared`: part of the task's cell keys. */
	readonly key: string;
	/** The mounts with `from` expanded, absolute and checked to exist. */
	readonly mounts: readonly SandboxMount[];
}

/**
 * The runtime a task runs with: its own `runtime:` over its use case's, member by member, with
 * each mount's `${VAR}` references expanded from `env` and relative sources resolved against the
 * file that declares them. A variable that is not set or a source that does not exist is an
 * issue located at the mount's `from` (bad input: nothing runs). Null when neither says anything.
 */
export function resolveTaskRuntime(
	task: RuntimeDeclaration,
	useCase: RuntimeDeclaration | null,
	env: Readonly<Record<string, string | undefined>>,
): { readonly runtime: ResolvedTaskRuntime | null; readonly issues: readonly InputIssue[] } {
	const declared = mergeTaskRuntimes(task.runtime, useCase?.runtime ?? null);
	if (declared === null) return { runtime: null, issues: [] };
	const origin = task.runtime?.mounts != null || useCase === null ? task : useCase;
	const issues: InputIssue[] = [];
	const mounts: SandboxMount[] = [];
	declared.mounts.forEach((mount, index) => {
		const at: DocumentPath = [...origin.at, "mounts", index, "from"];
		const source = mountSource(mount.from, env, origin.dir);
		if ("missing" in source) {
			const names = source.missing.map((name) => `\`${name}\``).join(", ");
			issues.push(
				locate(origin.source, {
					path: at,
					message: `the mount ${JSON.stringify(mount.from)} needs ${names}, which ${source.missing.length === 1 ? "is" : "are"} not set`,
					fix: `set ${source.missing.map((name) => `${name}=/path/on/this/machine`).join(" ")} before running, or remove the mount`,
				}),
			);
		} else if ("absent" in source) {
			const from = source.absent;
			issues.push(
				locate(origin.source, {
					path: at,
					message: `the mount source ${from}${from === mount.from ? "" : ` (from ${JSON.stringify(mount.from)})`} does not exist`,
					fix: "create it (a venv, a toolchain), point the variable at an existing folder, or remove the mount",
				}),
			);
		} else mounts.push({ from: source.path, to: mount.to });
	});
	return { runtime: { declared, key: contentHash(declared), mounts }, issues };
}

/** An issue at `problem.path` of `source`, with its line and column when the file parses. */
function locate(source: string, problem: Problem): InputIssue {
	try {
		const text = readInputFile(source).text;
		const document = text === null ? null : parseYamlDocument(source, text, { syntaxFixes: { otherwise: "" } });
		if (document !== null && document.syntaxIssues.length === 0) return document.issue(problem);
	} catch {
		// Not readable now: name the file without a position.
	}
	return unplacedDocument(source, null).issue(problem);
}
