import { statSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import type { Command } from "commander";
import { BadInputError, type InputIssue } from "../contract/index.js";
import { type Definitions, loadDefinitions } from "../definitions/index.js";
import { BUILTIN_PLUGIN_IDS, JURY_PLUGIN_IDS } from "../orchestrator/index.js";

/** The options {@link withDirOption} adds, as commander parses them. */
export interface DirOptions {
	readonly dir: string;
	readonly allowPath: readonly string[];
}

/** Adds the `--dir DIR` and `--allow-path DIR` options every definitions-reading command shares. */
export function withDirOption(command: Command): Command {
	return command
		.option("--dir <dir>", "the benchmarks/ folder to read", "./benchmarks")
		.option(
			"--allow-path <dir>",
			"a folder outside --dir that case globs and symlinked case files may reach (repeatable)",
			(value: string, previous: string[]) => [...previous, value],
			[] as string[],
		);
}

/**
 * Loads the definitions named by `--dir`, letting case globs reach the `--allow-path` folders
 * (each must be an existing folder) and use cases name the built-in plugins; problems name files
 * as the user would type them. `juryUseCases` are also checked for self-preference: use cases
 * whose cases asked for the jury (a `rubric:` check), as `validate` found on reading them.
 */
export function loadFromDirOption(
	dir: string,
	allowPaths: readonly string[] = [],
	juryUseCases: readonly string[] = [],
): Definitions {
	const issues = allowPaths.flatMap((path): InputIssue[] =>
		statSync(path, { throwIfNoEntry: false })?.isDirectory() === true
			? []
			: [
					{
						source: "--allow-path",
						line: null,
						column: null,
						path,
						message: `\`${path}\` is not an existing folder`,
						fix: "name a folder that holds case files, e.g. --allow-path ../shared-cases",
					},
				],
	);
	if (issues.length > 0) throw new BadInputError("--allow-path names no folder", issues);
	return loadDefinitions(displayPath(dir), {
		allowedPaths: allowPaths.map((path) => resolve(path)),
		plugins: BUILTIN_PLUGIN_IDS,
		juryPlugins: JURY_PLUGIN_IDS,
		juryUseCases,
	});
}

/** A path as the user should see it: relative to the cwd when inside it, else absolute. */
export function displayPath(path: string): string {
	const cwd = process.cwd();
	const absolute = isAbsolute(path) ? path : resolve(cwd, path);
	const fromCwd = relative(cwd, absolute);
	return fromCwd === "" ? "." : fromCwd.startsWith("..") ? absolute : fromCwd;
}
