import { existsSync } from "node:fs";
import type { Command } from "commander";
import { BadInputError, type ModelEntry } from "../contract/index.js";
import { type DirOptions, displayPath, loadFromDirOption } from "./definitions-option.js";
import type { CliIo } from "./io.js";

/**
 * The models models.yaml retires, by id, for the read commands that mark them (leaderboard,
 * report): read from `--dir` when given, else from ./benchmarks when there is one; undefined when
 * there is no registry to read, so the rows say `retired: null` (not known) rather than false.
 * A ./benchmarks that does not load is said on stderr and read as no registry, since these
 * commands answer from the store alone; a `--dir` that does not load is bad input.
 */
export function retiredModels(
	io: CliIo,
	options: DirOptions,
	command: Command,
): ReadonlyMap<string, ModelEntry> | undefined {
	const implicit = command.getOptionValueSource("dir") === "default";
	if (implicit && !existsSync(options.dir)) return undefined;
	try {
		const { models } = loadFromDirOption(options.dir, options.allowPath);
		return new Map(models.filter((model) => model.status === "retired").map((model) => [model.id, model]));
	} catch (error) {
		if (!implicit || !(error instanceof BadInputError)) throw error;
		io.stderr.write(
			`touchstone: ${displayPath(options.dir)} does not load (touchstone validate lists why), so retired models are not marked\n`,
		);
		return undefined;
	}
}
