import { existsSync } from "node:fs";
import type { Command } from "commander";
import { BadInputError, type ModelEntry } from "../contract/index.js";
import type { Definitions } from "../definitions/index.js";
import { type DirOptions, displayPath, loadFromDirOption } from "./definitions-option.js";
import type { CliIo } from "./io.js";

/**
 * The loaded definitions for the read commands that use them when they can (leaderboard and
 * report: retired marks, task axes, index weights): read from `--dir` when given, else from
 * ./benchmarks when there is one; undefined when there is none. A ./benchmarks that does not load
 * is said on stderr and read as none, since these commands answer from the store alone; a `--dir`
 * that does not load is bad input.
 */
export function optionalDefinitions(io: CliIo, options: DirOptions, command: Command): Definitions | undefined {
	const implicit = command.getOptionValueSource("dir") === "default";
	if (implicit && !existsSync(options.dir)) return undefined;
	try {
		return loadFromDirOption(options.dir, options.allowPath);
	} catch (error) {
		if (!implicit || !(error instanceof BadInputError)) throw error;
		io.stderr.write(
			`touchstone: ${displayPath(options.dir)} does not load (touchstone validate lists why), so retired models are not marked (and a report has no per-role index)\n`,
		);
		return undefined;
	}
}

/**
 * The models models.yaml retires, by id, from {@link optionalDefinitions}; undefined when there
 * is no registry to read, so the rows say `retired: null` (not known) rather than false.
 */
export function retiredModels(
	io: CliIo,
	options: DirOptions,
	command: Command,
): ReadonlyMap<string, ModelEntry> | undefined {
	return retiredIn(optionalDefinitions(io, options, command));
}

/** The models `definitions` retires, by id; undefined without definitions. */
export function retiredIn(definitions: Definitions | undefined): ReadonlyMap<string, ModelEntry> | undefined {
	if (definitions === undefined) return undefined;
	return new Map(definitions.models.filter((model) => model.status === "retired").map((model) => [model.id, model]));
}
