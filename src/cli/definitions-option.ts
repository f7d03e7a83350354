import { isAbsolute, relative, resolve } from "node:path";
import type { Command } from "commander";
import { type Definitions, loadDefinitions } from "../definitions/index.js";

/** Adds the `--dir DIR` option every definitions-reading command shares. */
export function withDirOption(command: Command): Command {
	return command.option("--dir <dir>", "the benchmarks/ folder to read", "./benchmarks");
}

/** Loads the definitions named by `--dir`; problems name files as the user would type them. */
export function loadFromDirOption(dir: string): Definitions {
	return loadDefinitions(displayPath(dir));
}

/** A path as the user should see it: relative to the cwd when inside it, else absolute. */
export function displayPath(path: string): string {
	const cwd = process.cwd();
	const absolute = isAbsolute(path) ? path : resolve(cwd, path);
	const fromCwd = relative(cwd, absolute);
	return fromCwd === "" ? "." : fromCwd.startsWith("..") ? absolute : fromCwd;
}
